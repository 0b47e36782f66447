import { HeraldError } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { channelCredentialsOf } from '../../credentials/channel-credentials.ts';
import { openCredential } from '../../credentials/credential-store.ts';
import type { Database } from '../../database/schema.ts';
import type { SmtpRelay } from './email-messenger.ts';

/**
 * Where the organization's mail leaves (PROTOCOL §9): the SMTP credential chosen for e-mail in Settings ›
 * Credentials (settings `channelCredentials.email`), else the server's HERALD_SMTP_URL; with neither,
 * EmailRelayMissingError. Opening the credential records its last use.
 */
export async function emailRelayFor(
  db: Kysely<Database>,
  config: Pick<Config, 'smtpUrl'>,
  organizationId: number,
): Promise<SmtpRelay> {
  const organization = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const credentialId = channelCredentialsOf(organization?.settings).email;
  if (typeof credentialId === 'number') {
    const credential = await openCredential(db, organizationId, credentialId);
    if (credential.type === 'smtp')
      return {
        kind: 'credential',
        host: credential.fields.host ?? '',
        port: Number(credential.fields.port ?? 587),
        user: credential.fields.accountName ?? '',
        password: credential.secrets.password ?? '',
      };
  }
  if (config.smtpUrl) return { kind: 'url', url: config.smtpUrl };
  throw new HeraldError('EmailRelayMissingError');
}
