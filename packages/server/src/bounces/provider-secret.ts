import type { Kysely } from 'kysely';
import { channelCredentialsOf } from '../credentials/channel-credentials.ts';
import { openCredential } from '../credentials/credential-store.ts';
import type { Database } from '../database/schema.ts';

/**
 * The secret a provider signs its webhooks with, from the credential the organization's settings name for
 * the channel: a Twilio credential's auth token, a WhatsApp credential's app secret (`apiSecretKey`).
 * Undefined when the organization has no such credential, so its webhooks are refused.
 */
export async function providerSecret(
  db: Kysely<Database>,
  organizationId: number,
  channel: 'sms' | 'whatsapp',
): Promise<string | undefined> {
  const organization = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const credentialId = organization ? channelCredentialsOf(organization.settings)[channel] : undefined;
  if (typeof credentialId !== 'number') return undefined;
  const credential = await openCredential(db, organizationId, credentialId);
  if (channel === 'sms') return credential.type === 'twilio' ? credential.secrets.authToken : undefined;
  return credential.type === 'whatsapp' ? credential.secrets.apiSecretKey : undefined;
}
