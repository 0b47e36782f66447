import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { createFreshDatabase } from './fresh-database.ts';
import { migratedDataDir } from './migrated-template.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { startHerald, type RunningHerald } from '../../src/start.ts';
import type { Area } from '../../src/area.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface TestHerald extends RunningHerald {
  config: Config;
  wsUrl(channel: 'session' | 'uiv5'): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server on a free port. The database is a PGlite of its own, started from a copy of the
 * migrated cluster (migrated-template.ts), or the PostgreSQL of DATABASE_URL when CI sets it (then each
 * test makes its own organizations, so runs share it safely).
 * A test that needs an empty database (the demo seed) asks for `freshDatabase`: on PostgreSQL it gets a
 * database of its own, dropped when it stops.
 */
export async function startTestHerald(
  overrides: Partial<Config> = {},
  options: { freshDatabase?: boolean; areas?: readonly Area[] } = {},
): Promise<TestHerald> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-test-'));
  const fresh =
    options.freshDatabase && process.env.DATABASE_URL
      ? await createFreshDatabase(process.env.DATABASE_URL)
      : undefined;
  const config: Config = {
    // The port is chosen first so the public URL, and with it the allowed Origin, is exact.
    ...readConfig({
      ...process.env,
      PORT: String(await freePort()),
      HERALD_DATA_DIR: dataDir,
      HERALD_PUBLIC_URL: '',
    }),
    host: '127.0.0.1',
    pgliteDataDir:
      overrides.pgliteDataDir ?? (process.env.DATABASE_URL ? 'memory://' : await migratedDataDir(dataDir)),
    seedDemoData: false,
    logLevel: process.env.HERALD_TEST_LOG_LEVEL ?? 'silent',
    jwtSecret: 'test-secret-test-secret-test-secret',
    // Every answer of the integration suite is checked against the contract.
    validateResults: true,
    vaultKey: 'test-vault-key-test-vault-key',
    ...overrides,
    ...(fresh ? { databaseUrl: fresh.url } : {}),
  };
  const herald = await startHerald(config, options.areas);
  return {
    ...herald,
    config,
    wsUrl: (channel) => `ws://127.0.0.1:${herald.port}/${channel}`,
    stop: async () => {
      await herald.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
