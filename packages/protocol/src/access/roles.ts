/** The roles a user holds in an organization (platform §6), spelled as tokens carry them. */
export const ROLES = [
  'Database.Read',
  'Database.Manage',
  'Database.Extract',
  'Content.Edit',
  'Content.Approve',
  'Content.Deploy',
  'System.PowerUser',
  'System.Admin',
  'System.BaseUser',
  'Integration.Manage',
  'franchisee',
] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * English names of the roles. The specs name two (View Database, Administrator); the rest follow the same
 * pattern. They are the English defaults: the web app translates them by role.
 */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  'Database.Read': 'View Database',
  'Database.Manage': 'Manage Database',
  'Database.Extract': 'Extract Database',
  'Content.Edit': 'Edit Content',
  'Content.Approve': 'Approve Content',
  'Content.Deploy': 'Deploy Content',
  'System.PowerUser': 'Power user',
  'System.Admin': 'Administrator',
  'System.BaseUser': 'Base user',
  'Integration.Manage': 'Manage Integrations',
  franchisee: 'Franchisee',
};

/** The user types of platform §6 and functional §6, from most to least privileged but franchisee. */
export const USER_TYPES = ['base', 'power', 'admin', 'franchisee'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Readonly<Record<UserType, string>> = {
  admin: 'Administrator',
  power: 'Power user',
  base: 'Base user',
  franchisee: 'Franchisee',
};

/**
 * The user type a set of roles amounts to. Admin outranks power user; a franchisee is someone whose only
 * role is franchisee, since staff who also serve a franchise act as staff. Everyone else, including custom
 * combinations of content, database and integration roles and a user without known roles, is a base user
 * (functional §6: "Base users: custom roles").
 */
export function userTypeForRoles(roles: readonly string[]): UserType {
  if (roles.includes('System.Admin')) return 'admin';
  if (roles.includes('System.PowerUser')) return 'power';
  const staffRoles = roles.filter((role) => isRole(role) && role !== 'franchisee');
  if (roles.includes('franchisee') && staffRoles.length === 0) return 'franchisee';
  return 'base';
}
