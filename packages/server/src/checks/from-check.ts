import type { CheckResult } from '@herald/protocol';
import { checkOutcome } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/** One of the organization's sending domains (Settings › Domains), and whether its DNS proof has been seen. */
export interface SendingDomainFact {
  domain: string;
  verified: boolean;
}

/**
 * `from`: the From header's domain must be one the organization sends from, verified by its DKIM record, since
 * receivers reject or junk mail whose domain does not authorize the sender.
 * - An organization with no sending domain yet gets a plain warning saying where to add one: its mail goes out
 *   from the shared product domain's envelope until then.
 * - Once it has sending domains, a From domain that is not one of them, or not verified yet, fails.
 * - A verified one passes. Other channels have no From header and pass.
 */
export function checkFrom(
  content: CheckedContent,
  sendingDomains: readonly SendingDomainFact[] = [],
): CheckResult {
  if (content.channel !== 'email' || !content.email)
    return checkOutcome('from', [], 'This channel has no From header.');
  const address = content.email.fromAddress?.trim() ?? '';
  if (!address)
    return checkOutcome(
      'from',
      [{ status: 'warn', text: 'There is no From address: set one.', variation: 0 }],
      '',
    );
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const known = sendingDomains.find((candidate) => candidate.domain === domain);
  if (known?.verified) return checkOutcome('from', [], `${domain} is a verified sending domain.`);
  const text =
    sendingDomains.length === 0
      ? `${domain} is not a sending domain of the organization: add it in Settings › Domains and publish its DNS records, so receivers accept mail from it.`
      : known
        ? `${domain} is not verified yet: publish its DNS records and press Check now in Settings › Domains.`
        : `${domain} is not one of the organization's sending domains: use one of ${sendingDomains.map((candidate) => candidate.domain).join(', ')}, or add it in Settings › Domains.`;
  return checkOutcome(
    'from',
    [{ status: sendingDomains.length === 0 ? 'warn' : 'fail', text, variation: 0 }],
    '',
  );
}
