import { describe, expect, it } from 'vitest';
import { RESOURCE_ACCESS } from './access.ts';
import { resourceDefinitions } from './index.ts';

describe('RESOURCE_ACCESS', () => {
  it('has one entry per resource type, the one its declaration takes', () => {
    expect(Object.keys(RESOURCE_ACCESS).sort()).toEqual(Object.keys(resourceDefinitions).sort());
    for (const [type, definition] of Object.entries(resourceDefinitions)) {
      const access = RESOURCE_ACCESS[type as keyof typeof RESOURCE_ACCESS];
      expect(definition.readCapabilities).toBe(access.readCapabilities);
      expect(definition.writeCapabilities).toBe(access.writeCapabilities);
    }
  });

  it('gives write capabilities exactly to the writable types', () => {
    for (const [type, definition] of Object.entries(resourceDefinitions)) {
      const access = RESOURCE_ACCESS[type as keyof typeof RESOURCE_ACCESS];
      expect(access.writeCapabilities.length > 0, type).toBe(definition.write !== undefined);
    }
  });
});
