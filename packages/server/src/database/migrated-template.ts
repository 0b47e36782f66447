import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { installStarterTemplates } from '../templates/starter-templates.ts';
import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { PGLITE_TEMPLATE_DIR, migratedTemplateDir, pgliteVersion } from './pglite-template.ts';

/**
 * Makes the migrated cluster template (pglite-template.ts) unless it exists for the installed PGlite and these
 * migrations: the empty cluster copied, every migration run, the starter templates installed (with their start
 * markers, so a server started on a copy skips both), closed cleanly. Made beside its place and renamed into it,
 * so two makers at once (two test workers, a build beside a test run) never leave or read half a template.
 * Templates of other migrations are removed. Answers the template's directory.
 */
export async function ensureMigratedTemplate(): Promise<string> {
  const template = migratedTemplateDir();
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
  const prefix = `pglite-${pgliteVersion()}-migrated-`;
  for (const entry of await readdir(PGLITE_TEMPLATE_DIR)) {
    const stale = entry.startsWith(prefix) && !entry.includes('.draft-');
    if (stale && path.join(PGLITE_TEMPLATE_DIR, entry) !== template)
      await rm(path.join(PGLITE_TEMPLATE_DIR, entry), { recursive: true, force: true });
  }
  return template;
}
