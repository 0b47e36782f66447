import type { CheckResult } from '@herald/protocol';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';
import { shortened } from './images-check.ts';

/** Schemes a link may use besides http and https: they open the reader's own mail, phone or messages app. */
const APP_SCHEMES = new Set(['mailto:', 'tel:', 'sms:']);
/** Schemes that never reach a reader from an e-mail or a phone: the file is the sender's, the script blocked. */
const UNREACHABLE_SCHEMES = new Set(['file:', 'javascript:', 'data:', 'vbscript:']);

/**
 * Whether a host is only reachable from the sender's own machine or network: localhost, loopback, the
 * unspecified address and the private IPv4 ranges (a link copied from a test server).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '::') return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!ipv4) return false;
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return a === 127 || a === 0 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/** What is wrong with a link; `incomplete` when its address is empty or partial, as a missing field leaves it. */
export type LinkProblem = Omit<Finding, 'variation'> & { incomplete?: true };

/** What is wrong with one link's address, or undefined when a reader can follow it. */
export function linkProblem(href: string): LinkProblem | undefined {
  const address = href.trim();
  const shown = shortened(address);
  if (!address)
    return { status: 'fail', text: 'A link has an empty address: set where it goes.', incomplete: true };
  if (address.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return {
      status: 'fail',
      text: `Link ${shown} is not a full address: write it with https://.`,
      incomplete: true,
    };
  }
  const scheme = url.protocol.toLowerCase();
  if (UNREACHABLE_SCHEMES.has(scheme))
    return {
      status: 'fail',
      text: `Link ${shown} uses ${scheme} and cannot open for a reader: link to a web page.`,
    };
  if (APP_SCHEMES.has(scheme)) {
    if (url.pathname.trim()) return undefined;
    return { status: 'fail', text: `Link ${shown} has no address after ${scheme}: complete it.` };
  }
  if (scheme !== 'http:' && scheme !== 'https:')
    return {
      status: 'fail',
      text: `Link ${shown} uses ${scheme}, which mail clients do not open: use https://.`,
    };
  if (!url.hostname || isLocalHost(url.hostname))
    return {
      status: 'fail',
      text: `Link ${shown} points at ${url.hostname || 'no host'}, which only your own network reaches: use the public address.`,
    };
  return undefined;
}

/** An href written with Liquid in it (other than Herald's own links), which a recipient's fields complete. */
const PERSONALIZED_HREF = /href\s*=\s*["']?[^"'>\s]*\{\{(?!\s*(unsubscribe_url|view_online_url)\s*\}\})/i;

/**
 * `links`, per version: every link's address must be one a reader can follow (not malformed, not local, not a
 * file or a script; one the content personalizes and the sample recipient leaves incomplete only warns, since
 * subscribers with the field get a whole address), and an e-mail must have an unsubscribe link (`{{ unsubscribe_url }}`), which the law of
 * most countries asks of marketing e-mail.
 */
export function checkLinks(content: CheckedContent): CheckResult {
  const findings: Finding[] = [];
  let count = 0;
  for (const { variation, page, html, sources } of content.versions) {
    const personalized = sources.some((source) => PERSONALIZED_HREF.test(source));
    for (const link of page.links) {
      if (link.href === undefined) continue;
      count += 1;
      const problem = linkProblem(link.href);
      if (!problem) continue;
      if (problem.incomplete && personalized)
        findings.push({
          status: 'warn',
          text: `Link ${link.href.trim() ? shortened(link.href.trim()) : 'with no address'} is incomplete for the sample recipient: give its personalized address a fallback with | default.`,
          variation,
        });
      else findings.push({ status: problem.status, text: problem.text, variation });
    }
    if (content.channel === 'email' && !html.includes(content.unsubscribeUrl))
      findings.push({
        status: 'fail',
        text: 'There is no unsubscribe link: add a link to {{ unsubscribe_url }}.',
        variation,
      });
  }
  const pass =
    content.channel === 'email'
      ? `All ${count} links can be followed, and there is an unsubscribe link.`
      : count === 0
        ? 'There are no links.'
        : `All ${count} links can be followed.`;
  return checkOutcome('links', findings, pass, content.versions.length);
}
