/**
 * RFC 4648 base32 in lower case, without padding: the text of a token that travels in an e-mail address's
 * local part. Base64url would be shorter, but a local part's case is not safe on the way: RFC 5321 §2.4 lets
 * only the destination interpret it, yet some relays and mailbox providers fold it to lower case. Every letter
 * here reads the same in either case, and each is valid unquoted in a local part (RFC 5322 atext).
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export function toMailboxBase32(bytes: Uint8Array): string {
  let text = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += ALPHABET[(buffer << (5 - bits)) & 31];
  return text;
}

/** The bytes of a text made by toMailboxBase32, in either case; undefined for anything else (never throws). */
export function fromMailboxBase32(text: string): Buffer | undefined {
  const lower = text.toLowerCase();
  if (!/^[a-z2-7]*$/.test(lower)) return undefined;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const letter of lower) {
    buffer = ((buffer << 5) | ALPHABET.indexOf(letter)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const decoded = Buffer.from(bytes);
  // Only the one spelling of these bytes (no stray letter, no unused bits set) is accepted.
  return toMailboxBase32(decoded) === lower ? decoded : undefined;
}
