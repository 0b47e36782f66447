// Builds the web app when its sources (or the contract package it imports) are newer than the last build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent, root } from './build-freshness.mjs';

export { root };
const web = path.join(root, 'packages/web');

export function ensureWebBuild() {
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((name) => path.join(web, name))
    .concat(path.join(root, 'packages/protocol/src'));
  if (buildIsCurrent(path.join(web, 'dist/index.html'), inputs)) return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@herald/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.argv[1] === import.meta.filename) ensureWebBuild();
