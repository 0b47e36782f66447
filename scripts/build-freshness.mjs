// When `npm start` and `npm test` rebuild: a build is current while its output is at least as new as every
// file it was built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

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

/** True when `output` exists and no file under `inputs` (files or folders; missing ones ignored) is newer. */
export function buildIsCurrent(output, inputs) {
  const sourceTime = Math.max(...inputs.filter(existsSync).map(newestModification));
  return existsSync(output) && statSync(output).mtimeMs >= sourceTime;
}
