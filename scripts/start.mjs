// `npm start`: build the web app and the server when needed, then run the compiled server with plain node,
// passing SIGTERM and Ctrl-C through.
import { spawn } from 'node:child_process';
import { root } from './build-freshness.mjs';
import {
  compiledServerArguments,
  compiledServerEnvironment,
  ensureMigratedTemplate,
  ensureServerBuild,
} from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
await ensureServerBuild();
// Only the embedded database starts from the template.
if (!process.env.DATABASE_URL) ensureMigratedTemplate();
// The compiled server is the product: it skips the development-time check of every result against the contract
// (HERALD_VALIDATE_RESULTS=true turns it on).
const server = spawn(process.execPath, compiledServerArguments, {
  cwd: root,
  // The IPC channel lets the server notice this launcher's end, even a kill -9 it could not pass on: the
  // server then shuts down instead of holding the embedded database open beside the next start.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...compiledServerEnvironment, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
