import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommands } from '@herald/protocol';
import { heraldAreas } from '../areas.ts';
import { composeAreas } from '../composition.ts';
import { renderProtocolDocs } from './protocol-docs.ts';

const { sessionCommands: sessionChannelRegistry, organizationCommands: organizationChannelRegistry } =
  composeAreas(heraldAreas);

describe('protocol docs', () => {
  it('docs/protocol.md is what the generator makes today (run `npm run docs:protocol` after changing a command)', async () => {
    const committed = await readFile(
      path.resolve(import.meta.dirname, '../../../../docs/protocol.md'),
      'utf8',
    );
    expect(committed).toBe(renderProtocolDocs());
  });

  it.each([
    ['session', allCommands.session, sessionChannelRegistry],
    ['organization', allCommands.organization, organizationChannelRegistry],
  ] as const)(
    'every %s-channel command the server registers is in the contract with the same schemas',
    (_channel, contract, registry) => {
      for (const [name, registered] of Object.entries(registry)) {
        expect(Object.hasOwn(contract, name), `${name} is missing from the contract`).toBe(true);
        expect(registered.definition).toBe((contract as Record<string, unknown>)[name]);
      }
    },
  );
});
