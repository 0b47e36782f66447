/**
 * The IAB's standard display ad sizes (the Interactive Advertising Bureau's "new standard ad unit portfolio"
 * fixed sizes), as WIDTHxHEIGHT, grouped as an ad platform lists them.
 */
export const IAB_AD_SIZES = [
  { size: '300x250', name: 'medium rectangle' },
  { size: '728x90', name: 'leaderboard' },
  { size: '160x600', name: 'wide skyscraper' },
  { size: '300x600', name: 'half page' },
  { size: '320x50', name: 'mobile leaderboard' },
  { size: '320x100', name: 'large mobile banner' },
  { size: '970x90', name: 'large leaderboard' },
  { size: '970x250', name: 'billboard' },
  { size: '336x280', name: 'large rectangle' },
  { size: '300x50', name: 'mobile banner' },
  { size: '468x60', name: 'banner' },
  { size: '120x600', name: 'skyscraper' },
] as const;

/** An e-mail address as ad platforms match it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A phone number as ad platforms match it: E.164, a + and the digits only. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

/** The lower-case hex SHA-256 of a normalized identifier: what leaves Herald instead of the identifier itself. */
export async function hashIdentifier(normalized: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalized));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The sizes in the order the standard list gives them, then any others in the order they were chosen. */
export function orderedSizes(sizes: readonly string[]): string[] {
  const standard: readonly string[] = IAB_AD_SIZES.map((entry) => entry.size);
  return [
    ...standard.filter((size) => sizes.includes(size)),
    ...sizes.filter((size) => !standard.includes(size)),
  ];
}
