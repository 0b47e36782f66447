import {
  JOB_KINDS,
  QUERY_TYPES,
  SUBSCRIPTION_TYPES,
  allCommands,
  resourceDefinitionOf,
} from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { heraldAreas } from './areas.ts';
import { composeAreas } from './composition.ts';
import { defineArea } from './area.ts';

// The lock test: the contract's declarations and what the areas compose must agree, so a resource, a command,
// a live type or a job kind cannot be added on one side only.
const composition = composeAreas(heraldAreas);

describe('the server composed from its areas agrees with the contract', () => {
  it('implements every resource type of the contract, and no other', () => {
    expect(composition.resources.types().sort()).toEqual([...QUERY_TYPES].sort());
  });

  it.each(QUERY_TYPES)('%s: filters, sort keys, capabilities and writability are the contract’s', (type) => {
    const definition = resourceDefinitionOf(type);
    const resource = composition.resources.of(type);
    expect(Object.keys(resource.filters).sort()).toEqual(Object.keys(definition.filters).sort());
    expect(Object.keys(resource.sortable).sort()).toEqual([...definition.sortKeys].sort());
    expect(resource.readCapabilities).toEqual(definition.readCapabilities);
    expect(resource.writeCapabilities).toEqual(definition.writeCapabilities);
    expect(resource.write !== undefined).toBe(definition.write !== undefined);
    expect(definition.writeCapabilities.length > 0).toBe(definition.write !== undefined);
    expect(typeof resource.search === 'function' || resource.search.length > 0).toBe(definition.searchable);
  });

  it('accepts a subscription to every live resource type', () => {
    const live = QUERY_TYPES.filter((type) => resourceDefinitionOf(type).live);
    expect(SUBSCRIPTION_TYPES).toEqual(expect.arrayContaining(live));
  });

  it('runs every job kind of the contract, and no other', () => {
    expect([...composition.jobHandlers.keys()].sort()).toEqual([...JOB_KINDS].sort());
  });

  it('answers every command of the contract on its channel, and no other', () => {
    expect(Object.keys(composition.sessionCommands).sort()).toEqual(Object.keys(allCommands.session).sort());
    expect(Object.keys(composition.organizationCommands).sort()).toEqual(
      Object.keys(allCommands.organization).sort(),
    );
    for (const [name, command] of Object.entries(composition.organizationCommands))
      expect(command.definition, name).toBe(
        allCommands.organization[name as keyof typeof allCommands.organization],
      );
  });

  it('refuses two areas claiming one command, resource type or job kind', () => {
    const [first] = heraldAreas.filter((area) => area.organizationCommands);
    const [withResources] = heraldAreas.filter((area) => area.resources);
    const [withJobs] = heraldAreas.filter((area) => area.jobs);
    for (const area of [first, withResources, withJobs])
      expect(() => composeAreas([...heraldAreas, defineArea({ ...area!, name: 'copy' })])).toThrow();
  });
});
