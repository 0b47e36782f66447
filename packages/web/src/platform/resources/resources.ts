import { checkAccess, RESOURCE_ACCESS } from '@herald/protocol';
import type { AccessContext, AccessRequirement, ResourceType } from '@herald/protocol';

/** A record type's name (the contract's resource types), checked by the compiler wherever a screen names one. */
export type { ResourceType };

// Access is read from the contract's access table, not from resourceDefinitions: the declarations carry the
// records' schemas, and the route table and the shell would bring zod to /login and the first dashboard
// (docs/decisions/0032-light-first-scripts.md).

/** What reading records of `type` asks of a user, as a route's `requires` (the contract's declaration). */
export function readRequirement(type: ResourceType): AccessRequirement {
  return { anyCapability: RESOURCE_ACCESS[type].readCapabilities };
}

/**
 * What writing records of `type` asks of a user, as a route's `requires`: as the server checks writeRecords,
 * a writer is also a reader.
 */
export function writeRequirement(type: ResourceType): AccessRequirement {
  const access = RESOURCE_ACCESS[type];
  return { anyCapability: access.readCapabilities, capabilities: access.writeCapabilities };
}

export interface ResourceAccess {
  canRead: boolean;
  canWrite: boolean;
}

/** Whether this user may read and write records of `type`; no one writes a read-only type. */
export function resourceAccess(type: ResourceType, access: AccessContext): ResourceAccess {
  return {
    canRead: checkAccess(readRequirement(type), access),
    canWrite:
      RESOURCE_ACCESS[type].writeCapabilities.length > 0 && checkAccess(writeRequirement(type), access),
  };
}
