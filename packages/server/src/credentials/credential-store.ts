import {
  CREDENTIAL_LIMIT,
  HeraldError,
  type Credential,
  type CredentialType,
  type CredentialUse,
} from '@herald/protocol';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../database/schema.ts';
import { openSecret, sealSecret } from '../vault/secret-box.ts';
import { credentialUses } from './credential-usage.ts';
import {
  checkedValues,
  completedFields,
  hintsOf,
  replacedSecrets,
  requireCredentialType,
} from './credential-values.ts';
import type { CredentialTable } from './tables.ts';

type CredentialRow = Selectable<CredentialTable>;

/** A credential opened for use: its readable fields and its secrets. Never answered to a client. */
export interface OpenedCredential {
  id: number;
  type: CredentialType;
  fields: Record<string, string>;
  secrets: Record<string, string>;
}

export async function listCredentials(db: Kysely<Database>, organizationId: number): Promise<Credential[]> {
  const rows = await db
    .selectFrom('credential')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .execute();
  const uses = await credentialUses(db, organizationId);
  return rows.map((row) => credentialView(row, uses.get(row.id) ?? []));
}

export async function getCredential(
  db: Kysely<Database>,
  organizationId: number,
  id: number,
): Promise<Credential> {
  const row = await requireRow(db, organizationId, id);
  const uses = await credentialUses(db, organizationId);
  return credentialView(row, uses.get(id) ?? []);
}

export async function createCredential(
  db: Kysely<Database>,
  organizationId: number,
  given: { type?: string; alias: string; values: Record<string, string> },
): Promise<number> {
  const type = requireCredentialType(given.type);
  const checked = checkedValues(type, given.values, { existingSecrets: false });
  const secrets = checked.secrets;
  const fields = completedFields(type, checked.fields, secrets);
  return db.transaction().execute(async (trx) => {
    // The organization's row is the lock that makes the limit hold when two administrators add at once.
    await trx.selectFrom('organization').select('id').where('id', '=', organizationId).forUpdate().execute();
    const { count } = await trx
      .selectFrom('credential')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= CREDENTIAL_LIMIT) throw new HeraldError('CredentialLimitError');
    const row = await trx
      .insertInto('credential')
      .values({
        organization_id: organizationId,
        type,
        alias: given.alias,
        fields: JSON.stringify(fields),
        secrets: sealSecret(JSON.stringify(secrets)),
        secret_hints: JSON.stringify(hintsOf(type, secrets)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Changes the alias and values; a secret not given keeps the stored one, and one given in place of its
 * alternative (a push credential's key for its access token) drops that alternative. The type never changes.
 */
export async function updateCredential(
  db: Kysely<Database>,
  organizationId: number,
  id: number,
  given: { alias?: string; values: Record<string, string> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await requireRow(trx, organizationId, id, { forUpdate: true });
    const type = requireCredentialType(row.type);
    // Values left out keep what is stored; a blank one clears an optional field (a blank secret keeps its own).
    const checked = checkedValues(type, { ...row.fields, ...given.values }, { existingSecrets: true });
    const secrets = checked.secrets;
    const dropped = replacedSecrets(type, secrets);
    const nextSecrets = { ...without(openSecrets(row), dropped), ...secrets };
    const fields = completedFields(type, checked.fields, nextSecrets);
    const secretsChanged = Object.keys(secrets).length > 0;
    await trx
      .updateTable('credential')
      .set({
        alias: given.alias ?? row.alias,
        fields: JSON.stringify(fields),
        ...(secretsChanged
          ? {
              secrets: sealSecret(JSON.stringify(nextSecrets)),
              secret_hints: JSON.stringify({
                ...without(row.secret_hints, dropped),
                ...hintsOf(type, secrets),
              }),
            }
          : {}),
        modified_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  });
}

function without(record: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !names.includes(name)));
}

/** Deletes a credential nothing uses; one in use answers CredentialInUseError. */
export async function deleteCredential(
  db: Kysely<Database>,
  organizationId: number,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locked as updateChannelCredentials locks it, so no channel comes to name the credential meanwhile.
    await trx.selectFrom('organization').select('id').where('id', '=', organizationId).forUpdate().execute();
    await requireRow(trx, organizationId, id);
    const uses = await credentialUses(trx, organizationId);
    if ((uses.get(id) ?? []).length > 0) throw new HeraldError('CredentialInUseError');
    await trx.deleteFrom('credential').where('id', '=', id).execute();
  });
}

/**
 * Opens a credential's secrets to use them (a connection test; the delivery engine's sends), recording when:
 * the credential's last-accessed date. The only way its secrets leave the vault.
 */
export async function openCredential(
  db: Kysely<Database>,
  organizationId: number,
  id: number,
): Promise<OpenedCredential> {
  const row = await db
    .updateTable('credential')
    .set({ last_accessed_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new HeraldError('NotFoundError');
  return { id: row.id, type: requireCredentialType(row.type), fields: row.fields, secrets: openSecrets(row) };
}

function openSecrets(row: CredentialRow): Record<string, string> {
  return JSON.parse(openSecret(row.secrets)) as Record<string, string>;
}

async function requireRow(
  db: Kysely<Database>,
  organizationId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CredentialRow> {
  let query = db
    .selectFrom('credential')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new HeraldError('NotFoundError');
  return row;
}

function credentialView(row: CredentialRow, usedBy: CredentialUse[]): Credential {
  return {
    id: row.id,
    type: row.type,
    alias: row.alias,
    fields: row.fields,
    secretHints: row.secret_hints,
    usedBy,
    createdAt: new Date(row.created_at).toISOString(),
    modifiedAt: new Date(row.modified_at).toISOString(),
    lastAccessedAt: row.last_accessed_at ? new Date(row.last_accessed_at).toISOString() : null,
  };
}
