import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  port: number;
  /** The server process's id (to sample its memory). */
  pid: number;
  /** Milliseconds from spawning the process until /readyz answered 200. */
  readyAfterMs: number;
  stop(): Promise<void>;
}

/** Starts `npm start`'s server as its own process on an empty embedded database in a temporary directory. */
export async function startServerProcess(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-bench-'));
  const port = await freePort();
  const startedAt = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // Extra node flags for the server, e.g. HERALD_BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
      ...(process.env.HERALD_BENCH_SERVER_ARGS?.split(' ') ?? []),
      '--import',
      'tsx',
      path.join(repositoryRoot, 'packages/server/src/main.ts'),
    ],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HERALD_DATA_DIR: dataDir,
        HERALD_DEMO_PASSWORD: 'bench-password-1',
        HERALD_LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become ready within 60 s');
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyAfterMs = performance.now() - startedAt;
  return {
    url,
    port,
    pid: child.pid ?? 0,
    readyAfterMs,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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
