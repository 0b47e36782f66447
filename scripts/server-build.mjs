// Compiles the server for `npm start` when a source is newer than the last build: one esbuild bundle of
// packages/server/src with the contract package inlined, and the import pipeline's workers beside it. Every
// npm package stays in node_modules (PGlite, for one, loads its .wasm and .data files from its own package).
// `node scripts/server-build.mjs` (npm run build:server) does the same from the command line.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, stop } from 'esbuild';
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
    },
    outdir: serverBuildDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // The maps point at the .ts files beside them instead of carrying their text: 0.35 MB instead of 1.2 MB
    // for node to parse at start.
    sourcesContent: false,
    // Class and function names stay as written for logs and error names, whatever the bundle renames.
    keepNames: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal, sourceDirnames],
  });
  // esbuild's service process would otherwise stay beside the server for as long as `npm start` runs.
  await stop();
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

if (process.argv[1] === import.meta.filename) await ensureServerBuild();
