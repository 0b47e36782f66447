// `npm test`: the whole suite — unit, server integration and browser — after making sure the web app the
// browser tests load is built from the current sources. Extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
