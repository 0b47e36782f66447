import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const repositoryRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  port: number;
  /** The server process's id (to sample its memory). */
  pid: number;
  /** Milliseconds from spawning the process until /readyz answered 200. */
  readyAfterMs: number;
  /**
   * With `readLog`: the first of the server's JSON log lines with this message (undefined if the server ended
   * without one), e.g. "started" (packages/server/src/startup-phases.ts: the end of each start-up phase in
   * milliseconds since the server process began) or "demo data filled in".
   */
  logged?: (message: string) => Promise<LogLine | undefined>;
  /** Ends the server (SIGTERM, a clean shutdown) and deletes its data directory unless the caller gave it. */
  stop(): Promise<void>;
  /** Kills the server with SIGKILL, as a crash would: no shutdown, the database left as it was. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * The data directory to start on (HERALD_DATA_DIR), e.g. one a killed server left: the caller's, so it is
   * kept when the server stops. Without it the server gets a new temporary one, deleted when it stops.
   */
  dataDir?: string;
  /** How long to wait for /readyz (60 s unless told), e.g. longer for crash recovery on a large database. */
  readyTimeoutMs?: number;
  /**
   * Read the server's log lines (at info, unless `extraEnv` sets HERALD_LOG_LEVEL) from its standard output, for
   * `logged`.
   */
  readLog?: boolean;
}

/** One of the server's JSON log lines. */
export type LogLine = { msg?: string } & Record<string, unknown>;

/** The "started" line's phases: each phase's own milliseconds, and its end since the process started. */
export interface StartupLine {
  phases: Record<string, number>;
  at: Record<string, number>;
  createdFrom?: string;
}

/**
 * How the server is started: `npm start`'s launcher (which first builds what is stale, then runs the compiled
 * server as its child), the compiled server alone (built beforehand, outside the timing), or the TypeScript
 * sources through tsx's loader, as `npm start` ran the server before it was compiled.
 */
export type ServerLaunch = 'npm start' | 'compiled' | 'tsx';

const launchArguments: Record<ServerLaunch, string[]> = {
  'npm start': [path.join(repositoryRoot, 'scripts/start.mjs')],
  // As `npm start` runs it (compiledServerArguments and compiledServerEnvironment in scripts/server-build.mjs).
  compiled: [
    '--enable-source-maps',
    '--max-semi-space-size=4',
    path.join(repositoryRoot, 'packages/server/dist/main.js'),
  ],
  tsx: ['--import', 'tsx', path.join(repositoryRoot, 'packages/server/src/main.ts')],
};
const launchEnvironment: Record<ServerLaunch, Record<string, string>> = {
  'npm start': {},
  compiled: { MALLOC_ARENA_MAX: '2' },
  tsx: {},
};

/** Builds the compiled server if a source is newer than it, as `npm start` would. */
export function ensureServerBuild(): void {
  const build = spawnSync(process.execPath, [path.join(repositoryRoot, 'scripts/server-build.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`the server build failed (${build.status})`);
}

/** The demo users' password on a bench server (HERALD_DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'bench-password-1';

/**
 * Starts `npm start`'s server as its own process, by default on an empty embedded database in a temporary
 * directory.
 */
export async function startServerProcess(
  extraEnv: Record<string, string> = {},
  launch: ServerLaunch = 'compiled',
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  if (launch === 'compiled') ensureServerBuild();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'herald-bench-')));
  const port = await freePort();
  const startedAt = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // Extra node flags for the server, e.g. HERALD_BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
      ...(process.env.HERALD_BENCH_SERVER_ARGS?.split(' ') ?? []),
      ...launchArguments[launch],
    ],
    {
      cwd: repositoryRoot,
      env: {
        ...launchEnvironment[launch],
        ...process.env,
        PORT: String(port),
        HERALD_DATA_DIR: dataDir,
        HERALD_DEMO_PASSWORD: DEMO_PASSWORD,
        HERALD_LOG_LEVEL: options.readLog ? 'info' : 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', options.readLog ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const logged = child.stdout ? logReader(child.stdout) : undefined;
  const url = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline)
      throw new Error(`server did not become ready within ${readyTimeoutMs / 1000} s`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyAfterMs = performance.now() - startedAt;
  const pid = launch === 'npm start' ? await compiledServerUnder(child.pid ?? 0) : (child.pid ?? 0);
  const end = async (signal: NodeJS.Signals) => {
    // SIGKILL goes to the server itself (`npm start`'s launcher exits when its child does); SIGTERM to the
    // child, which the launcher passes on.
    if (child.exitCode === null && child.signalCode === null) {
      if (signal === 'SIGKILL') process.kill(pid, signal);
      else child.kill(signal);
    }
    await exited;
  };
  return {
    url,
    port,
    pid,
    readyAfterMs,
    ...(logged ? { logged } : {}),
    stop: async () => {
      await end('SIGTERM');
      if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };
}

/** Reads the server's JSON log lines as they come; answers, for a message, the first line that has it. */
function logReader(output: NodeJS.ReadableStream): (message: string) => Promise<LogLine | undefined> {
  const seen: LogLine[] = [];
  const waiting: Array<{ message: string; resolve: (line: LogLine | undefined) => void }> = [];
  let ended = false;
  const lines = createInterface({ input: output });
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return;
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      return; // Not a log line (the launcher's own output).
    }
    seen.push(entry);
    for (const waiter of waiting.filter((candidate) => candidate.message === entry.msg)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(entry);
    }
  });
  lines.on('close', () => {
    ended = true;
    for (const waiter of waiting.splice(0)) waiter.resolve(undefined);
  });
  return (message) => {
    const found = seen.find((entry) => entry.msg === message);
    if (found || ended) return Promise.resolve(found);
    return new Promise((resolve) => waiting.push({ message, resolve }));
  };
}

/** The resident memory of a process in MB: now (VmRSS) or at its peak (VmHWM); undefined off Linux. */
export async function memoryOf(pid: number, measure: 'VmRSS' | 'VmHWM'): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = new RegExp(`${measure}:\\s+(\\d+)\\s+kB`).exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : undefined;
}

/** The CPU time a process has used so far, user and system, in seconds (Linux; its clock ticks 100 a second). */
export async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command name, which sits in parentheses: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) / 100 : undefined;
}

/** The compiled server that `npm start`'s launcher runs as its child (Linux). */
async function compiledServerUnder(launcher: number): Promise<number> {
  const children = await readFile(`/proc/${launcher}/task/${launcher}/children`, 'utf8').catch(() => '');
  for (const pid of children.trim().split(' ').map(Number)) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes('dist/main.js')) return pid;
  }
  throw new Error(`npm start's launcher (${launcher}) runs no compiled server`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
