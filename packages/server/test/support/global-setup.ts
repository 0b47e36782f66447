import { migratedTemplate } from './migrated-template.ts';

/**
 * Before any test file: the migrated PGlite cluster that every test server copies, made once here rather
 * than by each worker at once.
 */
export default async function setup(): Promise<void> {
  await migratedTemplate();
}
