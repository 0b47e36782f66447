// Builds the web app when its sources (or the contract package it imports) are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');

function newestModification(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestModification(path.join(target, entry.name)));
  }
  return newest;
}

export function ensureWebBuild() {
  const builtIndex = path.join(web, 'dist/index.html');
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((name) => path.join(web, name))
    .concat(path.join(root, 'packages/protocol/src'))
    .filter(existsSync);
  const sourceTime = Math.max(...inputs.map(newestModification));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sourceTime) return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@herald/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
