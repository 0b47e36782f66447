import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A freshly initialised, empty PGlite cluster, made once at `npm install` (scripts/make-pglite-template.mjs)
 * for the installed PGlite version. Loading it into a new data directory skips PGlite's initdb, which is
 * most of a cold start (about 2 s of 3). Without the file Herald simply runs initdb as usual.
 */
export const PGLITE_TEMPLATE_DIR = path.resolve(import.meta.dirname, '../../.cache');

/** The installed PGlite version; its package.json is not exported, so it is found beside the entry point. */
export function pgliteVersion(): string {
  let directory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(directory, 'package.json'))) directory = path.dirname(directory);
  return (JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as { version: string })
    .version;
}

export function pgliteTemplateFile(version = pgliteVersion()): string {
  return path.join(PGLITE_TEMPLATE_DIR, `pglite-${version}-empty.tar`);
}

/** The template file for a data directory that has no cluster yet, or undefined when it has one or none is made. */
export function templateFileForNewDataDir(dataDir: string): string | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const file = pgliteTemplateFile();
  return existsSync(file) ? file : undefined;
}
