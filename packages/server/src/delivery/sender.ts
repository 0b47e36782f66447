import { addressDomain, defaultSenderOf, type EmailContent } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../database/schema.ts';
import { dkimSigningKeyFor, type DkimSigningKey } from '../domains/dkim-keys.ts';
import { verifiedSendingDomains } from '../domains/default-sender.ts';

/** Who an organization's e-mail of a run is from, and where its bounces return. */
export interface EmailSender {
  from: { name?: string; address: string };
  /** The host of the VERP return path (`bounce+{delivery id}@{host}`). */
  returnPathHost: string;
  dkim: DkimSigningKey | undefined;
}

/** `Name <address>` or a bare address, as HERALD_MAIL_FROM holds it. */
function parseMailbox(text: string): { name?: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(text);
  if (match) return match[1] ? { name: match[1], address: match[2]!.trim() } : { address: match[2]!.trim() };
  return { address: text.trim() };
}

/**
 * The sender of a run's e-mail: the content's From, else the organization's default sender, else the server's
 * HERALD_MAIL_FROM. When the From's domain is a verified sending domain of the organization, the message is
 * signed with its DKIM key and returns to its return path (`{envfrom}.{domain}`, envfrom `bounce` when unset);
 * otherwise it returns to the product's HERALD_RETURN_PATH_HOST.
 */
export async function emailSenderFor(
  db: Kysely<Database>,
  config: Pick<Config, 'mailFrom' | 'returnPathHost'>,
  organizationId: number,
  email: EmailContent,
): Promise<EmailSender> {
  const settings = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const fallback = defaultSenderOf(settings?.settings);
  const from = email.fromAddress?.trim()
    ? { name: email.fromName?.trim() || fallback?.fromName || undefined, address: email.fromAddress.trim() }
    : fallback
      ? { name: fallback.fromName || undefined, address: fallback.fromAddress }
      : parseMailbox(config.mailFrom);
  const domain = addressDomain(from.address);
  const verified = (await verifiedSendingDomains(db, organizationId)).find((row) => row.domain === domain);
  const returnPathHost = verified
    ? `${verified.envfrom?.trim() || 'bounce'}.${verified.domain}`
    : config.returnPathHost;
  const dkim = verified ? await dkimSigningKeyFor(db, organizationId, domain) : undefined;
  return { from: from.name ? from : { address: from.address }, returnPathHost, dkim };
}

/**
 * Where a run's tracking links point: the organization's verified tracking domain (https), else Herald's
 * public URL.
 */
export async function trackingBaseFor(
  db: Kysely<Database>,
  publicUrl: string,
  organizationId: number,
): Promise<string> {
  const row = await sql<{ domain: string }>`SELECT domain FROM organization_domain
    WHERE organization_id = ${organizationId} AND kind = 'tracking' AND verified_at IS NOT NULL
    ORDER BY domain LIMIT 1`.execute(db);
  const domain = row.rows[0]?.domain;
  return domain ? `https://${domain}` : publicUrl;
}
