import { isRole } from './roles.ts';
import type { Role } from './roles.ts';

/** What a user may do, derived from roles (platform §6). Pages and commands require capabilities, not roles. */
export const CAPABILITIES = [
  'base',
  'franchisee',
  'admin',
  'content-edit',
  'content-approve',
  'content-deploy',
  'database-view',
  'database-manage',
  'database-extract',
  'integration-manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

const CONTENT: readonly Capability[] = ['content-edit', 'content-approve', 'content-deploy'];
const DATABASE: readonly Capability[] = ['database-view', 'database-manage', 'database-extract'];

/**
 * The platform §6 table read by role: what each role grants on its own. base comes with every System.*,
 * Content.* and Database.* role; Integration.Manage and franchisee do not grant it.
 */
export const ROLE_CAPABILITIES: Readonly<Record<Role, readonly Capability[]>> = {
  'Database.Read': ['base', 'database-view'],
  'Database.Manage': ['base', 'database-view', 'database-manage'],
  'Database.Extract': ['base', 'database-view', 'database-extract'],
  'Content.Edit': ['base', 'content-edit'],
  'Content.Approve': ['base', 'content-approve'],
  'Content.Deploy': ['base', 'content-deploy'],
  'System.PowerUser': ['base', ...CONTENT, ...DATABASE],
  'System.Admin': ['base', 'admin', ...CONTENT, ...DATABASE, 'integration-manage'],
  'System.BaseUser': ['base'],
  'Integration.Manage': ['integration-manage'],
  franchisee: ['franchisee'],
};

/**
 * The capabilities a set of roles grants, in CAPABILITIES order without duplicates. Roles Herald does not
 * know (a custom claim from an identity provider, a typo) grant nothing.
 */
export function capabilitiesForRoles(roles: readonly string[]): Capability[] {
  const granted = new Set<Capability>();
  for (const role of roles) {
    if (!isRole(role)) continue;
    for (const capability of ROLE_CAPABILITIES[role]) granted.add(capability);
  }
  return CAPABILITIES.filter((capability) => granted.has(capability));
}
