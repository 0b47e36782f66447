import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './database/connect.ts';
import { migrateToLatest } from './database/migrate.ts';
import { loadSecrets } from './secrets.ts';
import { useVaultKey } from './vault/secret-box.ts';
import { seedDemoData, type DemoSeedResult } from './seed/demo-seed.ts';
import type { Services } from './services.ts';

export interface RunningHerald {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  url: string;
  port: number;
  seed: DemoSeedResult;
  /** Stops accepting, closes every socket, then closes the database cleanly. */
  close(): Promise<void>;
}

/** Opens and migrates the database, seeds the demo data when empty, and starts listening. */
export async function startHerald(config: Config): Promise<RunningHerald> {
  const secrets = await loadSecrets(config.dataDir, {
    jwtSecret: config.jwtSecret,
    vaultKey: config.vaultKey,
  });
  useVaultKey(secrets.vaultKey);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
  });
  try {
    await migrateToLatest(database.db as never);
    const seed = config.seedDemoData
      ? await seedDemoData(database.db, config.demoPassword)
      : { seeded: false };
    const { app, services } = await buildApp(config, database, secrets);
    app.addHook('onClose', async () => {
      await database.close();
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      app,
      services,
      database,
      url: `http://127.0.0.1:${port}`,
      port,
      seed,
      close: () => app.close(),
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
