import { resourceDefinitions } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  ROUTE_RESOURCE_CAPABILITIES,
  routeReadRequirement,
  routeWriteRequirement,
} from './routeRequirements.ts';
import { readRequirement, writeRequirement } from './resources.ts';

describe('route requirements', () => {
  it.each(Object.keys(ROUTE_RESOURCE_CAPABILITIES) as Array<keyof typeof ROUTE_RESOURCE_CAPABILITIES>)(
    "%s asks what the contract's declaration asks",
    (type) => {
      expect(ROUTE_RESOURCE_CAPABILITIES[type].read).toEqual(resourceDefinitions[type].readCapabilities);
      expect(ROUTE_RESOURCE_CAPABILITIES[type].write).toEqual(resourceDefinitions[type].writeCapabilities);
      expect(routeWriteRequirement(type)).toEqual(writeRequirement(type));
      expect(routeReadRequirement(type)).toEqual(readRequirement(type));
    },
  );
});
