import { readConfig } from './config.ts';
import { DEMO_USERS } from './seed/demo-seed.ts';
import { startHerald } from './start.ts';

/** `npm start`: one Herald process, stopped gracefully by SIGTERM or Ctrl-C. */
const startedAt = performance.now();
const config = readConfig();
const herald = await startHerald(config);
const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);

const lines = [
  '',
  `  Herald is running at ${config.publicUrl}  (ready in ${seconds} s, database: ${herald.database.kind})`,
];
if (herald.seed.seeded) {
  lines.push(
    `  Demo data seeded (the 20,000 demo subscribers fill in over the next few seconds). Sign in as ${DEMO_USERS.admin} (also power@, editor@, viewer@, franchisee@example.com)`,
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
function shutDown(reason: string): void {
  if (stopping) return;
  stopping = true;
  herald.app.log.info({ reason }, 'shutting down');
  herald.close().then(
    () => process.exit(0),
    (error: unknown) => {
      herald.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutDown(signal));
// Started by `npm start`'s launcher (scripts/start.mjs) over an IPC channel: when the launcher ends, however it
// ends, so does the server. A launcher killed with kill -9 had left the server running with the embedded
// database open, and the next start opened it a second time.
if (process.send) process.on('disconnect', () => shutDown('the launcher ended'));
