import { sql, type Kysely } from 'kysely';
import { readStartMarkers, writeStartMarker, type StartMarkers } from '../database/herald-state.ts';
import type { Database } from '../database/schema.ts';
import { currentVaultKeyId, isSealed, needsResealing, openSecret, sealSecret } from './secret-box.ts';

/**
 * Every place Herald keeps sealed values, so a rotation of the vault key reaches them all. A new place of
 * sealed values is added here, and nowhere else.
 * - `text`: the column holds one secret; a value not sealed yet (a row from before sealing) is sealed too.
 * - `json`: the column is a JSON document; every string in it that is sealed, at any depth, is sealed again
 *   (DKIM keys in `domains_config`, whatever else an area seals into a settings document).
 */
export const SEALED_PLACES: readonly SealedPlace[] = [
  { table: 'credential', key: 'id', column: 'secrets', shape: 'text' },
  { table: 'user_two_factor', key: 'user_id', column: 'secret', shape: 'text' },
  { table: 'two_factor_pending', key: 'session_id_hash', column: 'secret', shape: 'text' },
  { table: 'sso_issuer', key: 'id', column: 'client_secret', shape: 'text' },
  { table: 'organization', key: 'id', column: 'domains_config', shape: 'json' },
  { table: 'organization', key: 'id', column: 'settings', shape: 'json' },
];

export interface SealedPlace {
  table: keyof Database;
  /** A column that tells one row from every other. */
  key: string;
  column: string;
  shape: 'text' | 'json';
}

/**
 * Seals every sealed value again under the current vault key (run at start, after the migrations), then records
 * the key (the `vault-key` start marker). Each row is written only if it still holds what was read, so a process
 * writing at the same moment is never overwritten; a row it changed holds a value it sealed under the current key
 * already. Answers how many values were resealed.
 */
export async function resealVault(db: Kysely<Database>): Promise<number> {
  let resealed = 0;
  for (const place of SEALED_PLACES) resealed += await resealPlace(db, place);
  await writeStartMarker(db, 'vault-key', currentVaultKeyId());
  return resealed;
}

/**
 * Reseals at start only when a value may be sealed under another key than the current one: previous keys are
 * given (a rotation is under way, and a process still on the old key may have sealed more since), or the
 * database does not record a reseal under the current key (its first start with this code, or a new key).
 * Otherwise every sealed place would be read through for nothing on every restart. Answers how many values were
 * resealed, or undefined when it was skipped.
 */
export async function resealVaultIfNeeded(
  db: Kysely<Database>,
  situation: { previousKeysGiven: boolean; newDatabase?: boolean },
  markers?: StartMarkers,
): Promise<number | undefined> {
  const recorded = (markers ?? (await readStartMarkers(db))).get('vault-key');
  if (!situation.previousKeysGiven && recorded === currentVaultKeyId()) return undefined;
  // A data directory made from a template this very start holds nothing sealed: only the key is recorded.
  if (situation.newDatabase) {
    await writeStartMarker(db, 'vault-key', currentVaultKeyId());
    return 0;
  }
  return resealVault(db);
}

async function resealPlace(db: Kysely<Database>, place: SealedPlace): Promise<number> {
  const table = sql.table(place.table);
  const key = sql.ref(place.key);
  const column = sql.ref(place.column);
  const text = place.shape === 'json' ? sql`${column}::text` : column;
  const { rows } = await sql<{ key: unknown; value: string }>`
    SELECT ${key} AS key, ${text} AS value FROM ${table} WHERE ${text} IS NOT NULL`.execute(db);
  let resealed = 0;
  for (const row of rows) {
    const next =
      place.shape === 'text' ? resealedText(row.value) : resealedDocument(JSON.parse(row.value) as unknown);
    if (!next) continue;
    const value = place.shape === 'json' ? sql`${JSON.stringify(next.value)}::jsonb` : sql`${next.value}`;
    await sql`UPDATE ${table} SET ${column} = ${value} WHERE ${key} = ${row.key} AND ${text} = ${row.value}`.execute(
      db,
    );
    resealed += next.count;
  }
  return resealed;
}

function resealedText(stored: string): { value: string; count: number } | undefined {
  return needsResealing(stored) ? { value: sealSecret(openSecret(stored)), count: 1 } : undefined;
}

function resealedDocument(document: unknown): { value: unknown; count: number } | undefined {
  let count = 0;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (!isSealed(value) || !needsResealing(value)) return value;
      count++;
      return sealSecret(openSecret(value));
    }
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, walk(inner)]));
    return value;
  };
  const value = walk(document);
  return count > 0 ? { value, count } : undefined;
}
