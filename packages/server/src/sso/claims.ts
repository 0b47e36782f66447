import { isRole, type Role } from '@herald/protocol';

/** The claims of a signed-in person: the ID token's, merged over the UserInfo endpoint's. */
export type Claims = Readonly<Record<string, unknown>>;

/** The default claim holding roles when an issuer names none. */
export const DEFAULT_ROLES_CLAIM = 'roles';

// Claims come from the identity provider; these bounds keep an odd token from costing much to read.
const MAX_CLAIM_VALUES = 200;
const MAX_CLAIM_VALUE_LENGTH = 256;

/**
 * The string values of a claim: an array of strings, or a single string, or numbers (partition-set ids).
 * A name with dots reaches into nested objects (`realm_access.roles`) unless a claim has that exact name.
 */
export function claimValues(claims: Claims, name: string): string[] | undefined {
  const value = Object.hasOwn(claims, name) ? claims[name] : nestedClaim(claims, name);
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value) ? (value as unknown[]) : [value];
  return items
    .slice(0, MAX_CLAIM_VALUES)
    .map((item) => (typeof item === 'number' && Number.isFinite(item) ? String(item) : item))
    .filter((item): item is string => typeof item === 'string' && item.length <= MAX_CLAIM_VALUE_LENGTH);
}

function nestedClaim(claims: Claims, name: string): unknown {
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The Herald roles a claim's values grant. With a pattern, a value must match it; the named group `role`,
 * else the first group, else the whole value is the role name. Names that are not Herald roles are dropped,
 * so a provider can never grant something Herald does not know.
 */
export function rolesFromClaimValues(values: readonly string[], pattern: string | null): Role[] {
  const expression = pattern === null ? undefined : new RegExp(pattern);
  const roles = new Set<Role>();
  for (const value of values) {
    let name: string | undefined = value;
    if (expression) {
      const match = expression.exec(value);
      name = match ? (match.groups?.role ?? match[1] ?? value) : undefined;
    }
    const trimmed = name?.trim();
    if (trimmed !== undefined && isRole(trimmed)) roles.add(trimmed);
  }
  return [...roles];
}

/**
 * The partition sets claim values name, among the organization's: a value is a set's id or its name
 * (without regard to case). Values naming no set are dropped.
 */
export function partitionSetsFromClaimValues(
  values: readonly string[],
  partitionSets: ReadonlyArray<{ id: number; name: string }>,
): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    const text = value.trim();
    const match =
      partitionSets.find((set) => /^\d+$/.test(text) && set.id === Number(text)) ??
      partitionSets.find((set) => set.name.toLowerCase() === text.toLowerCase());
    if (match) ids.add(match.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The address the provider vouches for, lower-cased, and whether it says it verified it. */
export function emailOf(claims: Claims): { email: string; verified: boolean } | undefined {
  const email = claims.email;
  if (typeof email !== 'string') return undefined;
  const trimmed = email.trim();
  if (trimmed.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return undefined;
  // Some providers send the flag as a string.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return { email: trimmed, verified };
}

/** The domain of an e-mail address, lower-cased, or undefined for something that is not one. */
export function emailDomainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}
