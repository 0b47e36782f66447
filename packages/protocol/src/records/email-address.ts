/**
 * A practical RFC 5321 address, the one check every path that stores an address makes (sign-up, a new
 * subscriber, an import row): a dot-atom local part of atext, a domain of LDH labels ending in a letter top-level
 * label, an internationalized domain checked in its punycode form. Quoted local parts, address literals and
 * non-ASCII local parts are refused: a marketer's list has no use for them and many mail servers refuse them.
 */

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL_PART = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`);
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
// eslint-disable-next-line no-control-regex -- ASCII is exactly what the range names
const ASCII = /^[\x00-\x7f]*$/;

/** RFC 5321's limits: the whole path, the local part, the domain. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
const DOMAIN_MAX_LENGTH = 253;

/** Why an address is refused, in the words the import report and the docs use; undefined when it is fine. */
export function emailAddressProblem(address: string): string | undefined {
  if (address.length > EMAIL_ADDRESS_MAX_LENGTH)
    return `is longer than ${EMAIL_ADDRESS_MAX_LENGTH} characters`;
  const at = address.lastIndexOf('@');
  if (at < 0 || address.indexOf('@') !== at) return 'needs exactly one @';
  const local = address.slice(0, at);
  if (local.length === 0 || local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local))
    return "has a name before @ that is not 1 to 64 letters, digits or ! # $ % & ' * + - / = ? ^ _ ` { | } ~ with single dots between them";
  const domain = asciiDomain(address.slice(at + 1));
  const labels = domain?.split('.') ?? [];
  const topLevel = labels.at(-1) ?? '';
  if (
    domain === undefined ||
    domain.length > DOMAIN_MAX_LENGTH ||
    labels.length < 2 ||
    !labels.every((label) => LABEL.test(label)) ||
    !TOP_LEVEL_LABEL.test(topLevel)
  )
    return 'has a domain that is not names of letters, digits and hyphens joined by dots, ending in a name of letters';
  return undefined;
}

export function isValidEmailAddress(address: string): boolean {
  return emailAddressProblem(address) === undefined;
}

/** The domain in ASCII: as it is, or an internationalized one in punycode (through the URL parser, in Node and browsers alike). */
function asciiDomain(domain: string): string | undefined {
  if (ASCII.test(domain)) return domain;
  // Only a name of letters may be converted: a URL would also take ports, paths and percent-escapes.
  if (/[\s/?#%:@[\]\\]/.test(domain)) return undefined;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return undefined;
  }
}
