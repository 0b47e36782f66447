// Compiles the server for `npm start` when a source is newer than the last build: one esbuild bundle of
// packages/server/src with the contract package inlined, and the import pipeline's workers beside it. Every
// npm package stays in node_modules (PGlite, for one, loads its .wasm and .data files from its own package).
// `node scripts/server-build.mjs` (npm run build:server) does the same from the command line.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, stop } from 'esbuild';
import { migratedTemplatePresent, migrationsDigest } from '../packages/server/scripts/migrations-digest.mjs';
import { buildIsCurrent, root } from './build-freshness.mjs';

const server = path.join(root, 'packages/server');
export const serverBuildDir = path.join(server, 'dist');
/** What `npm start` runs, with `node --enable-source-maps` so stack traces name the .ts lines. */
export const compiledServer = path.join(serverBuildDir, 'main.js');
/**
 * Node's arguments and the environment `npm start` runs the compiled server with. Both keep memory the
 * server is done with from staying resident (docs/measurements.md § PGlite memory, part by part): young
 * generations of 4 MB semi-spaces instead of 16 in each of the process's V8 heaps (the server's, the
 * embedded database's thread, an import's parser), and two glibc malloc arenas instead of one per thread
 * that allocates, each keeping what it freed. An import of 300,000 rows on PGlite peaked 90–120 MB lower
 * with them, no slower.
 */
export const compiledServerArguments = ['--enable-source-maps', '--max-semi-space-size=4', compiledServer];
export const compiledServerEnvironment = { MALLOC_ARENA_MAX: '2' };

const inputs = [
  path.join(server, 'src'),
  path.join(server, 'scripts/migrations-digest.mjs'),
  path.join(server, 'package.json'),
  path.join(root, 'packages/protocol/src'),
  path.join(root, 'packages/protocol/package.json'),
  import.meta.filename,
];

export async function ensureServerBuild() {
  if (buildIsCurrent(compiledServer, inputs)) return;
  console.log('Building the server…');
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      // imports/parse-worker.ts starts these files when it finds itself compiled.
      'batch-worker': path.join(server, 'src/imports/batch-worker.ts'),
      'workbook-rows-worker': path.join(server, 'src/imports/workbook-rows-worker.ts'),
      // pglite-thread.ts starts this file (the thread that owns the embedded database) when compiled.
      'pglite-worker': path.join(server, 'src/database/pglite-worker.ts'),
      // ensureMigratedTemplate runs it to make the migrated cluster new data directories are copied from.
      'make-migrated-template': path.join(server, 'src/database/make-migrated-template.ts'),
    },
    outdir: serverBuildDir,
    bundle: true,
    // main.js is small and imports the rest (start.ts) dynamically, so the embedded database opens on its thread
    // while the rest loads (src/main.ts). What the entry points share goes into chunks beside them, in dist/
    // itself: pglite-thread.ts finds its worker, and import.meta.dirname its folder, relative to the chunk.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // The maps point at the .ts files beside them instead of carrying their text: 0.35 MB instead of 1.2 MB
    // for node to parse at start.
    sourcesContent: false,
    // Class and function names stay as written for logs and error names, whatever the bundle renames.
    keepNames: true,
    // The migrations' digest, computed from their sources here since the bundle has no sources to read
    // (src/database/migrations-digest.ts).
    define: { HERALD_MIGRATIONS_DIGEST: JSON.stringify(migrationsDigest()) },
    logLevel: 'warning',
    plugins: [npmPackagesExternal, sourceDirnames],
  });
  // esbuild's service process would otherwise stay beside the server for as long as `npm start` runs.
  await stop();
}

/**
 * Makes the migrated cluster template (src/database/migrated-template.ts) with the compiled server when it is
 * missing for the current migrations and PGlite: a new embedded data directory then starts as a copy of it
 * instead of running every migration (docs/decisions/0040-migrated-cluster-template.md). Never fails the
 * start: without it the server migrates a new database itself, as it always could.
 */
export function ensureMigratedTemplate() {
  if (migratedTemplatePresent()) return;
  console.log('Making the migrated database template…');
  const made = spawnSync(process.execPath, [path.join(serverBuildDir, 'make-migrated-template.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...compiledServerEnvironment, HERALD_LOG_LEVEL: 'warn' },
  });
  if (made.status !== 0)
    console.warn('herald: no migrated database template; a new database runs its migrations at start');
}

/** Bundles our workspace packages (@herald/…) and leaves every other bare import to node_modules. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@herald/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Keeps `import.meta.dirname` meaning the folder of the source file that says it (config.ts finds the
 * repository from it, database/pglite-template.ts its template cache); in the bundle it would be dist/ for
 * every module. The result is dist/'s path joined to the source folder's relative path, for path.resolve.
 */
const sourceDirnames = {
  name: 'source-dirnames',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(serverBuildDir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

if (process.argv[1] === import.meta.filename) {
  await ensureServerBuild();
  ensureMigratedTemplate();
}
