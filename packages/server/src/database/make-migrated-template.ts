import { ensureMigratedTemplate } from './migrated-template.ts';

/**
 * `node packages/server/dist/make-migrated-template.js`: run by the server's build (scripts/server-build.mjs)
 * when the migrated cluster template for the current migrations is missing, so that `npm start`'s first start on
 * an empty data directory copies a migrated cluster instead of running every migration.
 */
const template = await ensureMigratedTemplate();
process.stdout.write(`herald: the migrated PGlite cluster template is ${template}\n`);
