// The digest of the migrations' source, for the build (scripts/server-build.mjs writes it into the bundle) and
// for its check that the migrated cluster template exists. The same as digestOfSources in
// src/database/migrations-digest.ts, which the TypeScript sources use; its unit test holds the two equal.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const databaseSources = path.resolve(import.meta.dirname, '../src/database');
const templateCache = path.resolve(import.meta.dirname, '../.cache');

export function migrationsDigest(databaseDir = databaseSources) {
  const migrations = readdirSync(path.join(databaseDir, 'migrations'))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => `migrations/${name}`);
  const hash = createHash('sha256');
  for (const file of ['migrate.ts', 'statements.ts', ...migrations])
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(databaseDir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Whether the migrated cluster template (src/database/pglite-template.ts) exists for the installed PGlite. */
export function migratedTemplatePresent() {
  let directory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(directory, 'package.json'))) directory = path.dirname(directory);
  const { version } = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
  const template = path.join(templateCache, `pglite-${version}-migrated-${migrationsDigest()}`);
  return existsSync(path.join(template, 'PG_VERSION'));
}
