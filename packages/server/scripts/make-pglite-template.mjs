// postinstall: make the empty PGlite cluster that new data directories start from (see
// src/database/pglite-template.ts). Never fails the install: without the template Herald runs initdb.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

try {
  let packageDirectory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(packageDirectory, 'package.json')))
    packageDirectory = path.dirname(packageDirectory);
  const { version } = JSON.parse(readFileSync(path.join(packageDirectory, 'package.json'), 'utf8'));
  const cache = path.resolve(import.meta.dirname, '../.cache');
  const template = path.join(cache, `pglite-${version}-empty`);
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    // Made beside its place and renamed into it, so a template is never half made.
    const draft = `${template}.${process.pid}`;
    await mkdir(cache, { recursive: true });
    await rm(draft, { recursive: true, force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const database = await PGlite.create(draft);
    await database.close();
    await rm(template, { recursive: true, force: true });
    await rename(draft, template);
    console.log(`herald: made the empty PGlite cluster template ${path.relative(process.cwd(), template)}`);
  }
} catch (error) {
  console.warn(
    `herald: no PGlite template (${error instanceof Error ? error.message : error}); new databases run initdb`,
  );
}
