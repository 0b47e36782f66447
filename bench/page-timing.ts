import type { Kysely } from 'kysely';
import type { ConnectionState } from '../packages/server/src/channels/connection-state.ts';
import type { CommandContext } from '../packages/server/src/channels/registry.ts';
import type { Database } from '../packages/server/src/database/schema.ts';
import type { Services } from '../packages/server/src/services.ts';
import { heraldAreas } from '../packages/server/src/areas.ts';
import { composeAreas } from '../packages/server/src/composition.ts';
import { queryOrganizationCommands } from '../packages/server/src/query/commands.ts';

/** The areas' resource types, composed once as the server composes them. */
const { resources } = composeAreas(heraldAreas);

/**
 * What the `query` handler needs to run in-process for a head-office reader of the organization: an
 * authenticated connection and the services it touches (the database and whether it is PostgreSQL).
 */
export function readerContext(
  db: Kysely<Database>,
  organizationId: number,
  databaseUrl: string | undefined,
): CommandContext {
  const connection: ConnectionState = {
    channel: 'organization',
    clientHash: null,
    remoteAddress: '127.0.0.1',
    gate: { id: 'bench', waiting: 0, closed: false },
    organization: {
      organizationId,
      userId: 1,
      sessionIdHash: 'bench',
      roles: ['Database.Read'],
      capabilities: ['base', 'database-view'],
      partitionsets: [],
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  };
  return {
    connection,
    services: { db, resources, config: { databaseUrl } } as unknown as Services,
  } as CommandContext;
}

/**
 * Times the `query` handler in-process for one query shape: warm-up runs, then samples; answers a printable
 * line with p50 and p95 (and the page it got), for the page-query benchmarks.
 */
export async function timePageQuery(
  context: CommandContext,
  params: Record<string, unknown>,
  label: string,
  target: string,
  { warmUp, samples }: { warmUp: number; samples: number },
): Promise<string> {
  const command = queryOrganizationCommands.query!;
  const run = async () => {
    const startedAt = performance.now();
    const result = (await command.handle({ limit: 25, ...params }, context)) as {
      records: unknown[];
      total: number;
    };
    return { ms: performance.now() - startedAt, result };
  };
  for (let index = 0; index < warmUp; index += 1) await run();
  const times: number[] = [];
  let last: { records: unknown[]; total: number } | undefined;
  for (let index = 0; index < samples; index += 1) {
    const { ms, result } = await run();
    times.push(ms);
    last = result;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN).toFixed(2);
  return `${label} (${last?.records.length} of ${last?.total}): p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms (${target})`;
}
