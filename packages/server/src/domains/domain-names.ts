import { domainToASCII } from 'node:url';
import { HeraldError } from '@herald/protocol';

const URL_PARTS = /[\s/\\?#@:%]/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain as DNS knows it: lower case, without a trailing dot, an internationalized name in punycode
 * (`bücher.example` → `xn--bcher-kva.example`), at least two labels with a top-level one that is not all
 * digits. Anything else answers ValidationError on `domain`, so what is stored and compared is one spelling.
 */
export function normalizedDomain(text: string): string {
  const typed = text.trim().replace(/\.$/, '');
  // domainToASCII reads its input as a URL's host and would drop a path or a port rather than refuse them.
  const ascii = URL_PARTS.test(typed) ? '' : domainToASCII(typed);
  const labels = ascii.split('.');
  const valid =
    ascii.length > 0 &&
    ascii.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1] ?? '');
  if (!valid)
    throw new HeraldError('ValidationError', {
      details: [{ path: 'domain', message: 'Not a domain name' }],
    });
  return ascii;
}

/** A name DNS answered (a CNAME target), in the spelling `normalizedDomain` stores. */
export function comparableName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}
