import { checkAccess, resourceDefinitions } from '@herald/protocol';
import type { AccessContext, AccessRequirement, ResourceType } from '@herald/protocol';

/** A record type's name (the contract's resource types), checked by the compiler wherever a screen names one. */
export type { ResourceType };

/** What reading records of `type` asks of a user, as a route's `requires` (the contract's declaration). */
export function readRequirement(type: ResourceType): AccessRequirement {
  return { anyCapability: resourceDefinitions[type].readCapabilities };
}

/**
 * What writing records of `type` asks of a user, as a route's `requires`: as the server checks writeRecords,
 * a writer is also a reader.
 */
export function writeRequirement(type: ResourceType): AccessRequirement {
  const declaration = resourceDefinitions[type];
  return { anyCapability: declaration.readCapabilities, capabilities: declaration.writeCapabilities };
}

export interface ResourceAccess {
  canRead: boolean;
  canWrite: boolean;
}

/** Whether this user may read and write records of `type`; no one writes a read-only type. */
export function resourceAccess(type: ResourceType, access: AccessContext): ResourceAccess {
  return {
    canRead: checkAccess(readRequirement(type), access),
    canWrite: resourceDefinitions[type].write !== undefined && checkAccess(writeRequirement(type), access),
  };
}
