import { constants, existsSync, readFileSync, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { migrationsDigest } from './migrations-digest.ts';

/**
 * A freshly initialised, empty PGlite cluster, made once at `npm install` (scripts/make-pglite-template.mjs)
 * for the installed PGlite version. Copying it into a new data directory skips PGlite's initdb, which is
 * most of a cold start (about 2 s of 3). Without it Herald simply runs initdb as usual.
 *
 * It is a directory copied file by file, not a tarball handed to PGlite (`loadDataDir`): PGlite holds a
 * tarball in memory several times over while it unpacks it (40 MB read, decoded and split into files), and
 * that garbage, about 100 MB, outlived the open and made the server's peak.
 */
export const PGLITE_TEMPLATE_DIR = path.resolve(import.meta.dirname, '../../.cache');

/** The installed PGlite version; its package.json is not exported, so it is found beside the entry point. */
export function pgliteVersion(): string {
  let directory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(directory, 'package.json'))) directory = path.dirname(directory);
  return (JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as { version: string })
    .version;
}

export function pgliteTemplateDir(version = pgliteVersion()): string {
  return path.join(PGLITE_TEMPLATE_DIR, `pglite-${version}-empty`);
}

/**
 * The cluster with every migration run and the starter templates installed, made by the server's build
 * (database/make-migrated-template.ts) and by the test suite's set-up, for the installed PGlite and these
 * migrations' digest. A new data directory copied from it skips the migrations too: on an empty database they
 * were most of a cold start ([decision 0040](../../../../docs/decisions/0040-migrated-cluster-template.md)).
 */
export function migratedTemplateDir(version = pgliteVersion(), digest = migrationsDigest()): string {
  return path.join(PGLITE_TEMPLATE_DIR, `pglite-${version}-migrated-${digest}`);
}

/**
 * The cluster a new data directory starts from: the migrated one when it was made for these migrations, else the
 * empty one (the migrations then run at start as they always did); undefined when neither exists (PGlite runs
 * initdb).
 */
export function templateForNewDataDir(): { dir: string; migrated: boolean } | undefined {
  const version = pgliteVersion();
  const migrated = migratedTemplateDir(version);
  if (existsSync(path.join(migrated, CLUSTER_MARK))) return { dir: migrated, migrated: true };
  const empty = pgliteTemplateDir(version);
  if (existsSync(path.join(empty, CLUSTER_MARK))) return { dir: empty, migrated: false };
  return undefined;
}

/** PostgreSQL's mark of a cluster: a data directory without it has none yet. */
const CLUSTER_MARK = 'PG_VERSION';

/**
 * Copies the empty cluster into a data directory that has none yet (answering whether it did). The mark
 * goes last, so a copy cut short leaves a directory that is still taken for new, and is copied again.
 */
export async function startFromTemplate(dataDir: string, template = pgliteTemplateDir()): Promise<boolean> {
  return copyTemplate(dataDir, template);
}

/** Whether a data directory holds a cluster already (its mark, copied last, is there). */
export function hasCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, CLUSTER_MARK));
}

async function copyTemplate(dataDir: string, template: string): Promise<boolean> {
  if (existsSync(path.join(dataDir, CLUSTER_MARK)) || !existsSync(path.join(template, CLUSTER_MARK)))
    return false;
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const relative = (entry: Dirent) => path.relative(template, path.join(entry.parentPath, entry.name));
  for (const entry of entries)
    if (entry.isDirectory()) await mkdir(path.join(dataDir, relative(entry)), { recursive: true });
  const files = entries.flatMap((entry) =>
    entry.isFile() && relative(entry) !== CLUSTER_MARK ? [relative(entry)] : [],
  );
  // A few dozen files at a time: fs.cp took 300 ms over the thousand small files, this 100 ms (PGlite
  // unpacking the same cluster from a tarball, about 300 ms).
  for (let at = 0; at < files.length; at += 32)
    await Promise.all(
      files
        .slice(at, at + 32)
        // A copy-on-write clone where the file system has them (btrfs, XFS): no bytes copied at all.
        .map((file) =>
          copyFile(path.join(template, file), path.join(dataDir, file), constants.COPYFILE_FICLONE),
        ),
    );
  await copyFile(path.join(template, CLUSTER_MARK), path.join(dataDir, CLUSTER_MARK));
  return true;
}
