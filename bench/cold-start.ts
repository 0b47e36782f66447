import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
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
  type StartupLine,
} from './server-process.ts';

/** Rounds of starts (HERALD_BENCH_START_RUNS, 5 by default). */
const RUNS = Number(process.env.HERALD_BENCH_START_RUNS ?? 5);
const WORKER_RUNS = 5;
const serverBuildDir = path.join(repositoryRoot, 'packages/server/dist');
/** The phases of the server's "started" line (packages/server/src/startup-phases.ts), in order. */
const PHASES = [
  ['modulesLoaded', 'modules'],
  ['secretsLoaded', 'secrets'],
  ['databaseOpen', 'db open'],
  ['migrations', 'migrate'],
  ['reseal', 'reseal'],
  ['starterTemplates', 'starters'],
  ['seed', 'seed'],
  ['appBuilt', 'app'],
  ['listening', 'listen'],
  ['ready', 'ready'],
] as const;

type Launch = Extract<ServerLaunch, 'tsx' | 'npm start'>;
type StartKind = 'cold' | 'restart';

/**
 * Start-up, to /readyz 200: a cold start (a new process on an empty embedded data directory: the demo
 * organizations seeded, the rest of the demo filled in after listening) and a restart (the same directory once the
 * demo is filled in), for the TypeScript sources through tsx and for `npm start`'s compiled server, with the
 * server's own phase-by-phase breakdown (its "started" log line) beside the time the bench saw. Then `npm start`'s
 * first start with no build yet (the build is part of it), the build alone, and an import worker's start.
 */
export async function benchColdStart(): Promise<string[]> {
  // The web app's build is `npm start`'s too; made here, it is not counted in any start. So is the server's (and
  // the migrated cluster template it makes): `npm start`'s first start with its build is measured on its own.
  const webBuild = spawnSync(process.execPath, [path.join(repositoryRoot, 'scripts/web-build.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (webBuild.status !== 0) throw new Error(`the web build failed (${webBuild.status})`);
  ensureServerBuild();
  const loadAtStart = loadavg()[0]!;
  // The launches take turns, so that the other work on the machine weighs on each alike.
  const starts: Record<`${Launch} ${StartKind}`, Starts> = {
    'tsx cold': new Starts(),
    'tsx restart': new Starts(),
    'npm start cold': new Starts(),
    'npm start restart': new Starts(),
  };
  for (let run = 0; run < RUNS; run += 1) {
    for (const launch of ['tsx', 'npm start'] as const) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-bench-start-'));
      try {
        // The cold start's demo is filled in before the restart, which then starts on the whole demo database.
        await starts[`${launch} cold`].measure(launch, dataDir, { awaitDemoFill: true });
        await starts[`${launch} restart`].measure(launch, dataDir, { awaitDemoFill: false });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  const lines = [
    `start-up to /readyz 200, median of ${RUNS} (target ≤ 3 s for both; load average ${loadAtStart.toFixed(1)} ` +
      `at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores):`,
  ];
  for (const [name, measured] of Object.entries(starts)) lines.push(`  ${name}: ${measured}`);
  lines.push(
    `phases, median milliseconds each (from the server's "started" line; "modules" counts from the server ` +
      `process's start, so npm start's launcher is outside it):`,
    `  ${'launch'.padEnd(18)}${PHASES.map(([, label]) => label.padStart(9)).join('')}   new directory from`,
  );
  for (const [name, measured] of Object.entries(starts))
    lines.push(`  ${name.padEnd(18)}${measured.phaseRow()}`);

  await rm(serverBuildDir, { recursive: true, force: true });
  const first = new Starts();
  const firstDir = await mkdtemp(path.join(tmpdir(), 'herald-bench-start-'));
  try {
    await first.measure('npm start', firstDir, { awaitDemoFill: false });
  } finally {
    await rm(firstDir, { recursive: true, force: true });
  }
  lines.push(`npm start, first start with no build yet (built first), cold, 1 run: ${first}`);
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
 * Starts of one launch and kind: the time to ready, the server process's CPU time by then (which the other work
 * on a shared machine disturbs less), its resident memory then, and the server's own phases.
 */
class Starts {
  readonly times: number[] = [];
  readonly cpu: number[] = [];
  readonly memory: number[] = [];
  readonly phases: StartupLine[] = [];

  async measure(launch: Launch, dataDir: string, options: { awaitDemoFill: boolean }): Promise<void> {
    const server = await startServerProcess({}, launch, { dataDir, readLog: true });
    try {
      this.times.push(server.readyAfterMs / 1000);
      this.cpu.push((await cpuSecondsOf(server.pid)) ?? Number.NaN);
      this.memory.push((await memoryOf(server.pid, 'VmRSS')) ?? Number.NaN);
      const started = (await server.logged?.('started')) as StartupLine | undefined;
      if (started) this.phases.push(started);
      if (options.awaitDemoFill) await server.logged?.('demo data filled in');
    } finally {
      await server.stop();
    }
  }

  toString(): string {
    return [
      `${figures(this.times, ' s')} to ready`,
      `CPU ${figures(this.cpu, ' s')}`,
      `RSS at ready ${figures(this.memory, ' MB', 0)}`,
    ].join('; ');
  }

  /** Each phase's median duration, and where the new data directories came from. */
  phaseRow(): string {
    const cells = PHASES.map(([phase]) => {
      const values = this.phases.flatMap((line) =>
        line.phases[phase] === undefined ? [] : [line.phases[phase]],
      );
      return (values.length > 0 ? String(Math.round(median(values))) : '–').padStart(9);
    });
    const origins = [...new Set(this.phases.map((line) => line.createdFrom ?? 'existing'))].join(', ');
    return `${cells.join('')}   ${origins}`;
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
