import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  cpuSecondsOf,
  ensureServerBuild,
  memoryOf,
  repositoryRoot,
  startServerProcess,
  type ServerLaunch,
} from './server-process.ts';

const RUNS = 5;
const WORKER_RUNS = 5;
const serverBuildDir = path.join(repositoryRoot, 'packages/server/dist');

/**
 * Cold start: a new process on an empty embedded database (migrations and demo seed included) until
 * /readyz answers 200, for the TypeScript sources run through tsx and for `npm start`'s compiled server, the
 * first start (no build yet: the build is part of it) apart from the next ones. Then the build alone, and an
 * import worker's start, TypeScript through tsx against compiled.
 */
export async function benchColdStart(): Promise<string[]> {
  // The web app's build is `npm start`'s too; made here, it is not counted in the first start.
  const webBuild = spawnSync(process.execPath, [path.join(repositoryRoot, 'scripts/web-build.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (webBuild.status !== 0) throw new Error(`the web build failed (${webBuild.status})`);
  // The three launches take turns, so that the other work on the machine weighs on each alike.
  const launches = {
    tsx: new Starts(),
    first: new Starts(),
    second: new Starts(),
  };
  for (let run = 0; run < RUNS; run += 1) {
    await launches.tsx.measure('tsx');
    await rm(serverBuildDir, { recursive: true, force: true });
    await launches.first.measure('npm start');
    await launches.second.measure('npm start');
  }
  const lines = [
    `cold start, empty embedded database, to /readyz 200, median of ${RUNS} (target ≤ 5 s; load average ` +
      `${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):`,
    `  TypeScript through tsx: ${launches.tsx}`,
    `  npm start, first start (build absent, built first): ${launches.first}`,
    `  npm start, second start (build present): ${launches.second}`,
  ];
  await rm(serverBuildDir, { recursive: true, force: true });
  const buildStartedAt = performance.now();
  ensureServerBuild();
  lines.push(
    `server build alone (npm run build:server): ${((performance.now() - buildStartedAt) / 1000).toFixed(2)} s`,
  );
  lines.push(
    `import worker, start until its first message, median of ${WORKER_RUNS}: ` +
      `TypeScript through tsx ${await workerStarts('tsx')}, compiled ${await workerStarts('compiled')}`,
  );
  return lines;
}

/**
 * Cold starts of one launch: the time to ready, the server process's CPU time by then (which the other work
 * on a shared machine disturbs less) and its resident memory then.
 */
class Starts {
  readonly times: number[] = [];
  readonly cpu: number[] = [];
  readonly memory: number[] = [];

  async measure(launch: ServerLaunch): Promise<void> {
    const server = await startServerProcess({}, launch);
    this.times.push(server.readyAfterMs / 1000);
    this.cpu.push((await cpuSecondsOf(server.pid)) ?? Number.NaN);
    this.memory.push((await memoryOf(server.pid, 'VmRSS')) ?? Number.NaN);
    await server.stop();
  }

  toString(): string {
    return [
      `${figures(this.times, ' s')} to ready`,
      `CPU ${figures(this.cpu, ' s')}`,
      `RSS at ready ${figures(this.memory, ' MB', 0)}`,
    ].join('; ');
  }
}

/** The median and, in brackets, each run. */
function figures(values: number[], unit: string, digits = 2): string {
  const each = values.map((value) => value.toFixed(digits));
  return `${median(values).toFixed(digits)}${unit} (${each.join(', ')})`;
}

/**
 * Starts the import's parsing worker as prepare-in-worker.ts does, on a missing upload so that it answers
 * (with an error) as soon as its code has loaded. execArgv is empty: the bench's own tsx loader stays out.
 */
async function workerStarts(kind: 'tsx' | 'compiled'): Promise<string> {
  const times: number[] = [];
  for (let run = 0; run < WORKER_RUNS; run += 1) {
    const startedAt = performance.now();
    const options = { execArgv: [], workerData: { upload: { path: '/nonexistent', fileType: 'csv' } } };
    const worker =
      kind === 'compiled'
        ? new Worker(path.join(serverBuildDir, 'batch-worker.js'), options)
        : new Worker(
            `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
              pathToFileURL(path.join(repositoryRoot, 'packages/server/src/imports/batch-worker.ts')).href,
            )}); })`,
            { ...options, eval: true },
          );
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    times.push(performance.now() - startedAt);
    await worker.terminate();
  }
  return figures(times, ' ms', 0);
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
