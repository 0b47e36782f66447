import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../../src/database/connect.ts';
import { migrateToLatest } from '../../src/database/migrate.ts';
import { PGLITE_TEMPLATE_DIR, pgliteVersion, startFromTemplate } from '../../src/database/pglite-template.ts';
import { installStarterTemplates } from '../../src/templates/starter-templates.ts';

const SOURCES = path.resolve(import.meta.dirname, '../../src');

/**
 * What makes a migrated cluster: the PGlite version, every migration and what start-up installs before the
 * first request (the starter templates). A change to any of them names a new template.
 */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion());
  const migrations = path.join(SOURCES, 'database/migrations');
  const files = [
    ...(await readdir(migrations)).sort().map((name) => path.join(migrations, name)),
    path.join(SOURCES, 'database/migrate.ts'),
    path.join(SOURCES, 'templates/starter-templates.ts'),
  ];
  for (const file of files) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<string> | undefined;

/**
 * A PGlite cluster with every migration applied and the starters installed, made once per change of the
 * migrations and kept beside the install-time empty cluster (packages/server/.cache). A test server copies
 * it into its own data directory: PGlite's initdb and 39 migrations cost 3–5 s of CPU per server, a copy of
 * the migrated cluster about 0.1 s. Made beside its place and renamed into it, so two test workers making it
 * at once never see half a template.
 */
export function migratedTemplate(): Promise<string> {
  made ??= makeMigratedTemplate();
  return made;
}

async function makeMigratedTemplate(): Promise<string> {
  const prefix = `pglite-${pgliteVersion()}-migrated-`;
  const template = path.join(PGLITE_TEMPLATE_DIR, `${prefix}${await templateKey()}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const draft = `${template}.draft-${process.pid}-${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ pgliteDataDir: draft });
  try {
    await migrateToLatest(database.db as never);
    await installStarterTemplates(database.db);
  } finally {
    await database.close();
  }
  if (existsSync(path.join(template, 'PG_VERSION'))) {
    await rm(draft, { recursive: true, force: true });
    return template;
  }
  await rename(draft, template).catch(async (error: unknown) => {
    await rm(draft, { recursive: true, force: true });
    if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
  });
  // Templates of migrations that have since changed are of no further use.
  for (const entry of await readdir(PGLITE_TEMPLATE_DIR)) {
    const stale = entry.startsWith(prefix) && !entry.includes('.draft-');
    if (stale && path.join(PGLITE_TEMPLATE_DIR, entry) !== template)
      await rm(path.join(PGLITE_TEMPLATE_DIR, entry), { recursive: true, force: true });
  }
  return template;
}

/** A data directory for a test server's PGlite, holding a copy of the migrated cluster. */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const target = path.join(dataDir, 'pglite');
  await startFromTemplate(target, await migratedTemplate());
  return target;
}
