import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Area } from './area.ts';
import { heraldAreas } from './areas.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './database/connect.ts';
import { openEmbeddedCluster, type EmbeddedCluster } from './database/embedded-cluster.ts';
import { readStartMarkers } from './database/herald-state.ts';
import { migrateIfChanged } from './database/migrate.ts';
import { installStarterTemplatesIfChanged } from './templates/starter-templates.ts';
import { loadSecrets } from './secrets.ts';
import { resealVaultIfNeeded } from './vault/reseal.ts';
import { useVaultKey } from './vault/secret-box.ts';
import { fillDemoData, seedDemoData, type DemoSeedResult } from './seed/demo-seed.ts';
import type { Services } from './services.ts';
import { StartupClock } from './startup-phases.ts';

export interface RunningHerald {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  url: string;
  port: number;
  seed: DemoSeedResult;
  /**
   * Settles when the demo data is filled in after listening (campaigns, content, the subscriber database), or
   * its fill stopped; at once when there is nothing to fill.
   */
  demoData: Promise<unknown>;
  /**
   * Stops accepting, closes every socket, stops the jobs and the demo fill (each at its next batch), then closes
   * the database cleanly, whatever failed before. With `graceMs`, work still running after that long is left
   * unfinished and the database is closed under it (shutdown.ts, for SIGTERM's bound); a server closed so loses
   * only uncommitted work, which its jobs resume after a restart.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

export interface StartOptions {
  /** The start's phases, marked as they end; main.ts gives its own, which began with the process. */
  clock?: StartupClock;
  /** The embedded database, opened early by main.ts while the server's modules loaded. */
  embedded?: Promise<EmbeddedCluster>;
  /** Aborted when the process is asked to stop while it is still starting: it stops between phases. */
  signal?: AbortSignal;
}

/**
 * Opens the database, migrates it when its migrations changed, seeds the demo organizations and users when it is
 * empty, and starts listening. Work a request does not need (the demo subscribers, jobs) begins after listening.
 */
export async function startHerald(
  config: Config,
  areas: readonly Area[] = heraldAreas,
  options: StartOptions = {},
): Promise<RunningHerald> {
  const clock = options.clock ?? new StartupClock(performance.now());
  const stillStarting = () => options.signal?.throwIfAborted();
  // Opened first (unless main.ts did already): everything below waits for it.
  const embedded = config.databaseUrl
    ? undefined
    : (options.embedded ?? openEmbeddedCluster(config.pgliteDataDir));
  embedded?.catch(() => {});
  let database: DatabaseHandle | undefined;
  let cluster: EmbeddedCluster | undefined;
  const closeDatabase = async (now = false) => {
    try {
      if (database) await database.close({ now });
      else await cluster?.thread.close();
    } finally {
      cluster?.release();
    }
  };
  try {
    const secrets = await loadSecrets(config.dataDir, {
      jwtSecret: config.jwtSecret,
      vaultKey: config.vaultKey,
    });
    useVaultKey(secrets.vaultKey, config.vaultPreviousKeys);
    clock.mark('secretsLoaded');
    cluster = await embedded;
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: config.pgliteDataDir,
      embedded: cluster,
    });
    const db = database.db;
    clock.mark('databaseOpen');
    stillStarting();
    // What start-up did last time (database/herald-state.ts): a restart skips what has not changed since.
    const markers = await readStartMarkers(db);
    const migrated = await migrateIfChanged(db as never, markers);
    clock.mark('migrations');
    stillStarting();
    // A rotated vault key: what older keys sealed is sealed again under the current one before anything reads it.
    const resealed = await resealVaultIfNeeded(
      db,
      {
        previousKeysGiven: config.vaultPreviousKeys.length > 0,
        newDatabase: cluster?.createdFrom !== undefined,
      },
      markers,
    );
    clock.mark('reseal');
    // Before the seed: the demo organizations get the starters as they are created (migration 0022's trigger).
    const starters = await installStarterTemplatesIfChanged(db, markers);
    clock.mark('starterTemplates');
    stillStarting();
    const seed = config.seedDemoData ? await seedDemoData(db, config.demoPassword) : { seeded: false };
    clock.mark('seed');
    stillStarting();
    const { app, services } = await buildApp(config, database, secrets, areas, (answering) => {
      clock.mark('ready');
      answering.log.info(
        {
          ...clock.timings(),
          database: database?.kind,
          createdFrom: cluster?.createdFrom,
          migrations: migrated.skipped ? 'unchanged' : migrated.ran.length,
          resealed: resealed ?? 'unchanged',
          starterTemplates: starters ? 'installed' : 'unchanged',
          demoSeeded: seed.seeded,
        },
        'started',
      );
    });
    clock.mark('appBuilt');
    if (resealed) app.log.info({ resealed }, 'sealed values resealed under the current vault key');
    stillStarting();
    await app.listen({ port: config.port, host: config.host });
    clock.mark('listening');
    // Jobs start after the server answers: after a crash, a resumed generation or import takes the embedded
    // database's connection for seconds at a time, and the start-up work before listening waited behind it
    // (a restart over 1M subscribers took 56 s to answer /readyz).
    await services.jobs.start();
    // The rest of the demo fills in after the server is ready, in slices that stop at the next one when the
    // server stops: closing waits for the slice under way, not for the rest, which the next start fills in.
    const stopping = new AbortController();
    const fillStartedAt = performance.now();
    const demoData = (config.seedDemoData ? fillDemoData(db, stopping.signal) : Promise.resolve(false)).then(
      (filled) => {
        const ms = Math.round(performance.now() - fillStartedAt);
        if (filled) app.log.info({ ms }, 'demo data filled in');
      },
      (error: unknown) => {
        if (!stopping.signal.aborted) app.log.error({ err: error }, 'filling in the demo data failed');
      },
    );
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const handle = database;
    return {
      app,
      services,
      database: handle,
      url: `http://127.0.0.1:${port}`,
      port,
      seed,
      demoData,
      close: (closeOptions = {}) =>
        closeHerald(app, closeDatabase, { stopping, demoData, graceMs: closeOptions.graceMs }),
    };
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    throw error;
  }
}

/**
 * The database closes after every onClose hook (the job runner, the listeners) has finished with it: Fastify
 * runs those hooks in an order of its own, so closing it in one of them raced the others. Nothing waits inside a
 * Fastify hook for long: its hooks time out after 10 s (pluginTimeout), and a shutdown that waited there for the
 * demo fill had failed with the database left open.
 */
async function closeHerald(
  app: FastifyInstance,
  closeDatabase: (now: boolean) => Promise<void>,
  work: { stopping: AbortController; demoData: Promise<unknown>; graceMs: number | undefined },
): Promise<void> {
  work.stopping.abort();
  let failure: unknown;
  const graceful = (async () => {
    await app.close();
    await work.demoData;
  })().catch((error: unknown) => {
    failure = error;
  });
  let timer: NodeJS.Timeout | undefined;
  const grace =
    work.graceMs === undefined
      ? new Promise<never>(() => {})
      : new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), work.graceMs)));
  const timedOut = await Promise.race([graceful.then(() => false), grace]);
  clearTimeout(timer);
  if (timedOut)
    app.log.warn(
      { graceMs: work.graceMs },
      'shutdown: work still running after the grace period; closing the database under it',
    );
  await closeDatabase(timedOut);
  app.log.info('database closed');
  if (failure) throw failure;
}
