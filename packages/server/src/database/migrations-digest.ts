import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The compiled server's digest, written in by the build (scripts/server-build.mjs defines it from the same files);
 * from the TypeScript sources it is undefined and the digest is computed from the files.
 */
declare const HERALD_MIGRATIONS_DIGEST: string | undefined;

/**
 * A digest of the migrations' source: the list (migrate.ts, which names them in order), every migration and the
 * helper they share. It is the `migrations` start marker (herald-state.ts) and names the migrated cluster
 * template (pglite-template.ts). The source and not only the names: Kysely decides by name alone, which is
 * right for a database (a shipped migration is never edited), but a template cached from a migration edited
 * since would hand new data directories the old schema. The files are read rather than the loaded functions'
 * text, so tsx, vitest and the bundle agree on it.
 *
 * packages/server/scripts/migrations-digest.mjs computes the same for the build; a unit test holds them equal.
 */
export function migrationsDigest(): string {
  if (typeof HERALD_MIGRATIONS_DIGEST === 'string') return HERALD_MIGRATIONS_DIGEST;
  computed ??= digestOfSources(import.meta.dirname);
  return computed;
}

let computed: string | undefined;

/** The digest of the migration sources under `databaseDir` (packages/server/src/database). */
export function digestOfSources(databaseDir: string): string {
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
