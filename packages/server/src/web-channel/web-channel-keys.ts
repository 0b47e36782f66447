import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { isSealed, openSecret, sealSecret } from '../vault/secret-box.ts';

/**
 * Organization settings `webChannel` (docs/architecture.md § The web channel): `siteKey`, public, which the
 * site's script sends to name the organization, and `identitySecret`, sealed with the vault (so the vault's key
 * rotation reseals it with the rest of the settings document), with which the organization's own server signs a
 * subscriber's ref (HMAC-SHA256, hex) so that no one else can read that subscriber's messages. Made at the first
 * need; the site key is never replaced, the secret only by an administrator (regenerateWebChannelSecret).
 */
export interface StoredWebChannel {
  siteKey: string;
  identitySecret: string;
}

/** The keys as the routes and the settings page use them, the secret opened. */
export interface WebChannelKeys {
  organizationId: number;
  siteKey: string;
  identitySecret: string;
}

export function storedWebChannel(
  settings: Record<string, unknown> | undefined,
): StoredWebChannel | undefined {
  const stored = settings?.webChannel;
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { siteKey, identitySecret } = stored as Record<string, unknown>;
  if (typeof siteKey !== 'string' || typeof identitySecret !== 'string' || !isSealed(identitySecret))
    return undefined;
  return { siteKey, identitySecret };
}

/** A site key: `hs_` and 128 random bits, URL-safe, so it sits in a path and in a snippet as it is. */
function newSiteKey(): string {
  return `hs_${randomBytes(16).toString('base64url')}`;
}

/** An identity secret: 256 random bits, hex, as HMAC libraries in any language take a key. */
function newIdentitySecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The organization's web channel keys, made and stored first if it has none. `made` says they were made by this
 * call, so the settings page can show the secret in full this once.
 */
export async function webChannelKeysFor(
  db: Kysely<Database>,
  organizationId: number,
): Promise<WebChannelKeys & { made: boolean }> {
  let stored = storedWebChannel(await settingsOf(db, organizationId));
  let made = false;
  if (!stored) {
    const value: StoredWebChannel = {
      siteKey: newSiteKey(),
      identitySecret: sealSecret(newIdentitySecret()),
    };
    // Only where none is stored: of two processes making keys at once, the first to write wins and the other
    // reads it back.
    const written = await sql`UPDATE organization
      SET settings = jsonb_set(settings, '{webChannel}', ${JSON.stringify(value)}::jsonb)
      WHERE id = ${organizationId} AND NOT (settings ? 'webChannel')`.execute(db);
    made = Number(written.numAffectedRows ?? 0) > 0;
    stored = storedWebChannel(await settingsOf(db, organizationId));
    if (!stored)
      throw new Error(`The web channel keys of organization ${organizationId} could not be stored`);
  }
  return {
    organizationId,
    siteKey: stored.siteKey,
    identitySecret: openSecret(stored.identitySecret),
    made,
  };
}

/** Replaces the identity secret (the site key stays); answers the keys with the new secret. */
export async function regenerateIdentitySecret(
  db: Kysely<Database>,
  organizationId: number,
): Promise<WebChannelKeys> {
  const { siteKey } = await webChannelKeysFor(db, organizationId);
  const identitySecret = newIdentitySecret();
  await sql`UPDATE organization
    SET settings = jsonb_set(settings, '{webChannel,identitySecret}', to_jsonb(${sealSecret(identitySecret)}::text))
    WHERE id = ${organizationId}`.execute(db);
  return { organizationId, siteKey, identitySecret };
}

/** The organization a site key names, with its keys; undefined for a key no organization has. */
export async function webChannelBySiteKey(
  db: Kysely<Database>,
  siteKey: string,
): Promise<WebChannelKeys | undefined> {
  if (!/^hs_[A-Za-z0-9_-]{10,64}$/.test(siteKey)) return undefined;
  const rows = await sql<{
    id: number;
    settings: Record<string, unknown>;
  }>`SELECT id, settings FROM organization
    WHERE settings #>> '{webChannel,siteKey}' = ${siteKey}`.execute(db);
  const row = rows.rows[0];
  const stored = row && storedWebChannel(row.settings);
  if (!row || !stored) return undefined;
  return {
    organizationId: row.id,
    siteKey: stored.siteKey,
    identitySecret: openSecret(stored.identitySecret),
  };
}

/** The secret as the settings page shows it after the first time: a mask and its last four characters. */
export function secretHint(secret: string): string {
  return `••••••••${secret.slice(-4)}`;
}

async function settingsOf(db: Kysely<Database>, organizationId: number) {
  const row = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.settings;
}
