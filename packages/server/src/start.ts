import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Area } from './area.ts';
import { heraldAreas } from './areas.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './database/connect.ts';
import { lockDataDir } from './database/data-dir-lock.ts';
import { migrateToLatest } from './database/migrate.ts';
import { installStarterTemplates } from './templates/starter-templates.ts';
import { loadSecrets } from './secrets.ts';
import { resealVault } from './vault/reseal.ts';
import { useVaultKey } from './vault/secret-box.ts';
import { seedDemoData, seedDemoSubscribers, type DemoSeedResult } from './seed/demo-seed.ts';
import type { Services } from './services.ts';

export interface RunningHerald {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  url: string;
  port: number;
  seed: DemoSeedResult;
  /** Settles when the demo subscribers are seeded (at once when there is nothing to seed). */
  demoSubscribers: Promise<unknown>;
  /** Stops accepting, closes every socket, then closes the database cleanly. */
  close(): Promise<void>;
}

/** Opens and migrates the database, seeds the demo data when empty, and starts listening. */
export async function startHerald(
  config: Config,
  areas: readonly Area[] = heraldAreas,
): Promise<RunningHerald> {
  const secrets = await loadSecrets(config.dataDir, {
    jwtSecret: config.jwtSecret,
    vaultKey: config.vaultKey,
  });
  useVaultKey(secrets.vaultKey, config.vaultPreviousKeys);
  // One process per embedded database directory: PGlite takes no lock, and a second opener loses commits.
  const dataDirLock =
    config.databaseUrl || config.pgliteDataDir.startsWith('memory://')
      ? undefined
      : await lockDataDir(config.pgliteDataDir);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: config.pgliteDataDir,
    });
  } catch (error) {
    dataDirLock?.release();
    throw error;
  }
  const closeDatabase = async () => {
    await database.close();
    dataDirLock?.release();
  };
  try {
    await migrateToLatest(database.db as never);
    // A rotated vault key: what older keys sealed is sealed again under the current one before anything reads it.
    const resealed = await resealVault(database.db);
    // Before the seed: the demo organizations get the starters as they are created (migration 0022's trigger).
    await installStarterTemplates(database.db);
    const seed = config.seedDemoData
      ? await seedDemoData(database.db, config.demoPassword)
      : { seeded: false };
    const { app, services } = await buildApp(config, database, secrets, areas);
    if (resealed > 0) app.log.info({ resealed }, 'sealed values resealed under the current vault key');
    // The demo's subscriber database fills in after the server is ready (a first start only); closing waits
    // for it, so the database is not closed under it.
    let demoSubscribers: Promise<unknown> = Promise.resolve();
    app.addHook('preClose', async () => {
      await demoSubscribers;
    });
    await app.listen({ port: config.port, host: config.host });
    // Jobs start after the server answers: after a crash, a resumed generation or import takes the embedded
    // database's connection for seconds at a time, and the start-up work before listening waited behind it
    // (a restart over 1M subscribers took 56 s to answer /readyz).
    await services.jobs.start();
    demoSubscribers = seedDemoSubscribers(database.db, seed).catch((error: unknown) =>
      app.log.error({ err: error }, 'seeding the demo subscribers failed'),
    );
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      app,
      services,
      database,
      url: `http://127.0.0.1:${port}`,
      port,
      seed,
      demoSubscribers,
      // The database closes after every onClose hook (the job runner, the listeners) has finished with it:
      // Fastify runs those hooks in an order of its own, so closing it in one of them raced the others.
      close: async () => {
        await app.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    throw error;
  }
}
