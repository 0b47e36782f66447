import type { CheckResult } from '@herald/protocol';
import { checkOutcome } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/**
 * `from`: the From header. Herald has no sending domains yet (a later issue verifies them, with DKIM), so an
 * e-mail always warns: without a From address it names what to set; with one it asks to make sure its domain
 * is one the organization sends from, since receivers reject or junk mail whose domain does not authorize
 * the sender. Other channels have no From header and pass.
 */
export function checkFrom(content: CheckedContent): CheckResult {
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
  return checkOutcome(
    'from',
    [
      {
        status: 'warn',
        text: `Herald cannot verify ${domain} as a sending domain yet: make sure its SPF and DKIM allow your mail server.`,
        variation: 0,
      },
    ],
    '',
  );
}
