// `npm start`: build the web app and the server when needed, then run the compiled server with plain node,
// passing SIGTERM and Ctrl-C through.
import { spawn } from 'node:child_process';
import { root } from './build-freshness.mjs';
import { compiledServer, ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
await ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', compiledServer], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
