import path from 'node:path';
import { ensureMigratedTemplate } from '../../src/database/migrated-template.ts';
import { startFromTemplate } from '../../src/database/pglite-template.ts';

let made: Promise<string> | undefined;

/**
 * The server's migrated PGlite cluster (every migration applied, the starters installed; see
 * src/database/migrated-template.ts), made once per change of the migrations and kept beside the install-time empty
 * cluster (packages/server/.cache). A test server copies it into its own data directory: PGlite's initdb and the
 * migrations cost 3–5 s of CPU per server, a copy of the migrated cluster about 0.1 s. The server's build makes
 * the same template, so tests and `npm start` share it.
 */
export function migratedTemplate(): Promise<string> {
  made ??= ensureMigratedTemplate();
  return made;
}

/** A data directory for a test server's PGlite, holding a copy of the migrated cluster. */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const target = path.join(dataDir, 'pglite');
  await startFromTemplate(target, await migratedTemplate());
  return target;
}
