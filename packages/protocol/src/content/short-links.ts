/**
 * SMS link shortening. An SMS author writes `{{ "https://example.com/offer" | short_url }}`; the delivery engine
 * will put a link of the organization's short-link domain there. Until then the preview renders a stand-in of the
 * same length, so the characters and segments counted before and after personalization are what the real link
 * will cost. The web editor counts with the same stand-in before the server answers.
 */

/** Where a shortened link points, as long as the real one: scheme, a short host, a slash and the code. */
export const SHORT_LINK_PREFIX = 'https://hrld.io/';
/** Characters of a shortened link's code. */
export const SHORT_LINK_CODE_LENGTH = 7;
/** Characters a shortened link takes in a message (23, as a tweet's t.co link). */
export const SHORT_LINK_LENGTH = SHORT_LINK_PREFIX.length + SHORT_LINK_CODE_LENGTH;

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The stand-in for one long URL: the prefix and a code derived from the URL (FNV-1a), so the same URL always
 * shows the same short link and two URLs rarely share one. Every character is in GSM-7.
 */
export function shortLinkStandIn(url: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < url.length; index += 1) {
    hash ^= url.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let code = '';
  for (let index = 0; index < SHORT_LINK_CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET[hash % CODE_ALPHABET.length];
    hash = (Math.floor(hash / CODE_ALPHABET.length) + Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  }
  return SHORT_LINK_PREFIX + code;
}

/** The shortening filter as an author writes it: a quoted URL piped to `short_url`. */
export const SHORT_URL_PATTERN = /\{\{-?\s*(["'])(.*?)\1\s*\|\s*short_url\s*-?\}\}/g;

/** An SMS text with each `{{ "…" | short_url }}` replaced by its stand-in, as the editor counts it. */
export function withShortLinkStandIns(text: string): string {
  return text.replace(SHORT_URL_PATTERN, (_whole, _quote: string, url: string) => shortLinkStandIn(url));
}
