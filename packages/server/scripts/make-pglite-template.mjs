// postinstall: make the empty PGlite cluster that new data directories start from (see
// src/database/pglite-template.ts). Never fails the install: without the template Herald runs initdb.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

try {
  let packageDirectory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(packageDirectory, 'package.json')))
    packageDirectory = path.dirname(packageDirectory);
  const { version } = JSON.parse(readFileSync(path.join(packageDirectory, 'package.json'), 'utf8'));
  const directory = path.resolve(import.meta.dirname, '../.cache');
  const file = path.join(directory, `pglite-${version}-empty.tar`);
  if (!existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const database = await PGlite.create();
    const dump = await database.dumpDataDir('none');
    await database.close();
    await mkdir(directory, { recursive: true });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`herald: made the empty PGlite cluster template ${path.relative(process.cwd(), file)}`);
  }
} catch (error) {
  console.warn(
    `herald: no PGlite template (${error instanceof Error ? error.message : error}); new databases run initdb`,
  );
}
