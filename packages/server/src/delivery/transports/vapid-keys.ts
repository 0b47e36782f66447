import { sql, type Kysely } from 'kysely';
import { webPush } from './web-push-client.ts';
import type { Database } from '../../database/schema.ts';
import { isSealed, openSecret, sealSecret } from '../../vault/secret-box.ts';

/**
 * Organization settings `webPush`: the organization's VAPID key pair (RFC 8292), `{vapidPublicKey,
 * vapidPrivateKey}`, both URL-safe base64 as web-push makes them, the private key sealed with the vault (so the
 * vault's key rotation reseals it with the rest of the settings document). The public key is what the
 * organization's site passes to `pushManager.subscribe` as `applicationServerKey`; every subscription is bound
 * to it, so the pair is made once, at the first need, and never replaced by a settings update.
 */
export interface StoredWebPushKeys {
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

export function storedWebPushKeys(
  settings: Record<string, unknown> | undefined,
): StoredWebPushKeys | undefined {
  const stored = settings?.webPush;
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { vapidPublicKey, vapidPrivateKey } = stored as Record<string, unknown>;
  if (typeof vapidPublicKey !== 'string' || typeof vapidPrivateKey !== 'string' || !isSealed(vapidPrivateKey))
    return undefined;
  return { vapidPublicKey, vapidPrivateKey };
}

/** The organization's VAPID keys, opened; made and stored first if it has none. */
export async function webPushKeysFor(
  db: Kysely<Database>,
  organizationId: number,
): Promise<{ publicKey: string; privateKey: string }> {
  let stored = storedWebPushKeys(await settingsOf(db, organizationId));
  if (!stored) {
    const made = webPush().generateVAPIDKeys();
    const value: StoredWebPushKeys = {
      vapidPublicKey: made.publicKey,
      vapidPrivateKey: sealSecret(made.privateKey),
    };
    // Only where none is stored: of two processes making a pair at once, the first to write wins and the
    // other reads it back, so no subscription is ever bound to a pair that was thrown away.
    await sql`UPDATE organization SET settings = jsonb_set(settings, '{webPush}', ${JSON.stringify(value)}::jsonb)
      WHERE id = ${organizationId} AND NOT (settings ? 'webPush')`.execute(db);
    stored = storedWebPushKeys(await settingsOf(db, organizationId));
    if (!stored) throw new Error(`The VAPID keys of organization ${organizationId} could not be stored`);
  }
  return { publicKey: stored.vapidPublicKey, privateKey: openSecret(stored.vapidPrivateKey) };
}

async function settingsOf(db: Kysely<Database>, organizationId: number) {
  const row = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.settings;
}
