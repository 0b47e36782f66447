import type { Capability } from './capabilities.ts';
import { isFeatureEnabled } from './features.ts';
import type { FeatureSettings } from './features.ts';
import type { Role } from './roles.ts';

/**
 * What a page, route or command asks of a user (platform §6, "generic access check"). Every clause given
 * must hold; a clause left out asks nothing. "Any of" an empty list admits no one and "all of" an empty
 * list admits everyone, so an unconfigured list (say, no provider domains yet) fails closed.
 */
export interface AccessRequirement {
  /** Any of these roles. */
  roles?: readonly Role[];
  /** All of these capabilities. */
  capabilities?: readonly Capability[];
  /** At least one of these capabilities. */
  anyCapability?: readonly Capability[];
  /** Feature keys that must all be enabled. */
  features?: readonly string[];
  /** The user's e-mail domain must be one of these (case-insensitive; a leading @ is allowed). */
  emailDomains?: readonly string[];
  /** Only users without partition sets. */
  headOfficeOnly?: boolean;
  /** Only while acting in this organization. */
  organizationId?: number;
}

/** The user as seen in one organization. Roles and capabilities are strings as tokens carry them. */
export interface AccessContext extends FeatureSettings {
  roles: readonly string[];
  capabilities: readonly string[];
  organizationId?: number;
  email: string;
  partitionsets: readonly number[];
}

/** A head-office user is one not restricted to any partition set (platform §1, §6). */
export function isHeadOfficeUser(partitionsets: readonly number[]): boolean {
  return partitionsets.length === 0;
}

/** The part after the last @, lower-cased; '' when the address has none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Domain lists are typed by people: 'Example.com', ' example.com' and '@example.com' all mean one domain. */
function normalizeDomain(domain: string): string {
  return domain.trim().replace(/^@/, '').toLowerCase();
}

export function checkAccess(requirement: AccessRequirement, context: AccessContext): boolean {
  const { roles, capabilities, anyCapability, features, emailDomains, headOfficeOnly, organizationId } =
    requirement;
  if (organizationId !== undefined && context.organizationId !== organizationId) return false;
  if (roles && !roles.some((role) => context.roles.includes(role))) return false;
  if (capabilities && !capabilities.every((capability) => context.capabilities.includes(capability))) {
    return false;
  }
  if (anyCapability && !anyCapability.some((capability) => context.capabilities.includes(capability))) {
    return false;
  }
  if (features && !features.every((feature) => isFeatureEnabled(feature, context))) return false;
  if (emailDomains) {
    const domain = emailDomain(context.email);
    if (!domain || !emailDomains.some((allowed) => normalizeDomain(allowed) === domain)) return false;
  }
  if (headOfficeOnly && !isHeadOfficeUser(context.partitionsets)) return false;
  return true;
}
