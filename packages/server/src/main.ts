// The light modules only: what opens the embedded database. The rest of the server loads below, while the
// database's thread opens it (database/embedded-cluster.ts).
import { readConfig } from './config.ts';
import { openEmbeddedCluster } from './database/embedded-cluster.ts';
import { SHUTDOWN_GRACE_MS, SHUTDOWN_LIMIT_MS } from './shutdown.ts';
import { StartupClock } from './startup-phases.ts';

/** `npm start`: one Herald process, stopped gracefully by SIGTERM or Ctrl-C. */
const clock = new StartupClock();
const config = readConfig();
const embedded = config.databaseUrl ? undefined : openEmbeddedCluster(config.pgliteDataDir);
// Reported by startHerald, which awaits it; a failure meanwhile is not an unhandled rejection.
embedded?.catch(() => {});

// Asked to stop while still starting: the start stops at its next phase and closes the database.
const starting = new AbortController();
const shutdown: { stop?: (reason: string) => void } = {};
const stop = (reason: string) => (shutdown.stop ? shutdown.stop(reason) : starting.abort(reason));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(signal));
// Started by `npm start`'s launcher (scripts/start.mjs) over an IPC channel: when the launcher ends, however it
// ends, so does the server. A launcher killed with kill -9 had left the server running with the embedded
// database open, and the next start opened it a second time.
if (process.send) process.on('disconnect', () => stop('the launcher ended'));

const [{ startHerald }, { DEMO_USERS }] = await Promise.all([
  import('./start.ts'),
  import('./seed/demo-seed.ts'),
]);
clock.mark('modulesLoaded');
const herald = await startHerald(config, undefined, { clock, embedded, signal: starting.signal }).catch(
  (error: unknown) => {
    // Stopped while starting: the database is closed, and stopping is what was asked.
    if (starting.signal.aborted) process.exit(0);
    throw error;
  },
);
const seconds = (performance.now() / 1000).toFixed(2);

const lines = [
  '',
  `  Herald is running at ${config.publicUrl}  (ready in ${seconds} s, database: ${herald.database.kind})`,
];
if (herald.seed.seeded) {
  lines.push(
    `  Demo data seeded (its campaigns and 20,000 subscribers fill in over the next few seconds). Sign in as ${DEMO_USERS.admin} (also power@, editor@, viewer@, franchisee@example.com)`,
  );
  lines.push(
    herald.seed.generatedPassword
      ? `  Demo password (generated, shown only this once): ${herald.seed.generatedPassword}`
      : '  Demo password: the value of HERALD_DEMO_PASSWORD',
  );
}
lines.push('');
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
shutdown.stop = (reason: string) => {
  if (stopping) return;
  stopping = true;
  herald.app.log.info({ reason }, 'shutting down');
  // The last resort: a statement that outlasts the grace period too. The process ends within the limit, its
  // database recovered from its log at the next start (nothing committed is lost).
  setTimeout(() => {
    herald.app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  herald.close({ graceMs: SHUTDOWN_GRACE_MS }).then(
    () => process.exit(0),
    (error: unknown) => {
      herald.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
if (starting.signal.aborted) stop(String(starting.signal.reason));
