import { generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { openSecret, sealSecret } from '../vault/secret-box.ts';

/** A new DKIM key: RSA-2048, the private key sealed for storage, the public key as the record's `p=`. */
export function newDkimKey(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKey: sealSecret(privateKey), publicKey: publicKey.toString('base64') };
}

/** The TXT value that publishes a public key (RFC 6376 §3.6.1). */
export function dkimRecordValue(publicKey: string): string {
  return `v=DKIM1; k=rsa; p=${publicKey}`;
}

/** What nodemailer's `dkim` option takes to sign a message. */
export interface DkimSigningKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The key the delivery engine signs mail from `domain` with: the newest key a check has seen published, of a
 * verified sending domain of the organization, not retired. Undefined when there is none, and then mail from
 * the domain is not signed with it (a receiver could not find the key anyway).
 */
export async function dkimSigningKeyFor(
  db: Kysely<Database>,
  organizationId: number,
  domain: string,
): Promise<DkimSigningKey | undefined> {
  const key = await db
    .selectFrom('sending_domain_key')
    .innerJoin('organization_domain', (join) =>
      join
        .onRef('organization_domain.organization_id', '=', 'sending_domain_key.organization_id')
        .onRef('organization_domain.kind', '=', 'sending_domain_key.kind')
        .onRef('organization_domain.domain', '=', 'sending_domain_key.domain'),
    )
    .select(['sending_domain_key.domain', 'sending_domain_key.selector', 'sending_domain_key.private_key'])
    .where('sending_domain_key.organization_id', '=', organizationId)
    .where('sending_domain_key.domain', '=', domain.toLowerCase())
    .where('organization_domain.verified_at', 'is not', null)
    .where('sending_domain_key.verified_at', 'is not', null)
    .where('sending_domain_key.retired_at', 'is', null)
    .orderBy('sending_domain_key.id', 'desc')
    .executeTakeFirst();
  if (!key) return undefined;
  return { domainName: key.domain, keySelector: key.selector, privateKey: openSecret(key.private_key) };
}
