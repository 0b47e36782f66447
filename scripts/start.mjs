// `npm start`: build the web app when needed, then run the server, passing SIGTERM and Ctrl-C through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
