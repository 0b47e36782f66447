import type { AccessRequirement, Capability, ResourceType } from '@herald/protocol';

/**
 * The capabilities the route table asks for writing records, copied from the contract's resource declarations
 * (readCapabilities, writeCapabilities). The route table is part of the first script /login loads, and reading
 * the declarations themselves would bring the records' schemas and zod along (issue 13 §7).
 * routeRequirements.test.ts holds every entry equal to its declaration.
 */
export const ROUTE_RESOURCE_CAPABILITIES = {
  audience: { read: ['base', 'franchisee'], write: ['database-manage'] },
  campaign: { read: ['base', 'franchisee'], write: ['content-edit'] },
  customField: { read: ['base', 'franchisee'], write: ['database-manage'] },
  list: { read: ['base', 'franchisee'], write: ['database-manage'] },
  subscriber: { read: ['base', 'franchisee'], write: ['database-manage'] },
} as const satisfies Partial<
  Record<ResourceType, { read: readonly Capability[]; write: readonly Capability[] }>
>;

/** What writing records of `type` asks of a user, as a route's `requires` (a writer is also a reader). */
export function routeWriteRequirement(type: keyof typeof ROUTE_RESOURCE_CAPABILITIES): AccessRequirement {
  const { read, write } = ROUTE_RESOURCE_CAPABILITIES[type];
  return { anyCapability: [...read], capabilities: [...write] };
}

/** What reading records of `type` asks of a user, as a route's `requires`. */
export function routeReadRequirement(type: keyof typeof ROUTE_RESOURCE_CAPABILITIES): AccessRequirement {
  return { anyCapability: [...ROUTE_RESOURCE_CAPABILITIES[type].read] };
}
