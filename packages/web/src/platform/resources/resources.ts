import { checkAccess } from '@herald/protocol';
import type { AccessContext, AccessRequirement, Capability } from '@herald/protocol';

/** Who may read and write records of one type (functional §6), as the server's query engine checks them. */
export interface ResourceAccessDeclaration {
  /** Reading needs ANY of these. */
  readCapabilities: readonly Capability[];
  /** Writing needs ALL of these (and reading); none means the type is read-only (writeRecords refuses it). */
  writeCapabilities: readonly Capability[];
}

const MEMBERS = ['base', 'franchisee'] as const;

/**
 * Every record type the organization channel carries, with its read and write capabilities: the one place
 * the web reads them from. The names are the `type` of query, writeRecords, addSubscription and pushes.
 */
export const RESOURCES = {
  campaign: { readCapabilities: MEMBERS, writeCapabilities: ['content-edit'] },
  list: { readCapabilities: MEMBERS, writeCapabilities: ['database-manage'] },
  subscriber: { readCapabilities: MEMBERS, writeCapabilities: ['database-manage'] },
  listMembership: { readCapabilities: MEMBERS, writeCapabilities: [] },
  subscriberEvent: { readCapabilities: MEMBERS, writeCapabilities: [] },
  customField: { readCapabilities: MEMBERS, writeCapabilities: ['database-manage'] },
  audience: { readCapabilities: MEMBERS, writeCapabilities: ['database-manage'] },
  tag: { readCapabilities: MEMBERS, writeCapabilities: ['database-manage'] },
  job: { readCapabilities: MEMBERS, writeCapabilities: [] },
  partition: { readCapabilities: MEMBERS, writeCapabilities: ['admin'] },
  partitionSet: { readCapabilities: MEMBERS, writeCapabilities: ['admin'] },
  targetingRule: { readCapabilities: ['base'], writeCapabilities: ['admin'] },
} as const satisfies Record<string, ResourceAccessDeclaration>;

/** A record type's name, checked by the compiler wherever a screen names one. */
export type ResourceType = keyof typeof RESOURCES;

/** What reading records of `type` asks of a user, as a route's `requires`. */
export function readRequirement(type: ResourceType): AccessRequirement {
  return { anyCapability: RESOURCES[type].readCapabilities };
}

/** What writing records of `type` asks of a user, as a route's `requires`: as the server checks writeRecords, a writer is also a reader. */
export function writeRequirement(type: ResourceType): AccessRequirement {
  return { anyCapability: RESOURCES[type].readCapabilities, capabilities: RESOURCES[type].writeCapabilities };
}

export interface ResourceAccess {
  canRead: boolean;
  canWrite: boolean;
}

/** Whether this user may read and write records of `type`. */
export function resourceAccess(type: ResourceType, access: AccessContext): ResourceAccess {
  const declaration: ResourceAccessDeclaration = RESOURCES[type];
  return {
    canRead: checkAccess(readRequirement(type), access),
    canWrite: declaration.writeCapabilities.length > 0 && checkAccess(writeRequirement(type), access),
  };
}
