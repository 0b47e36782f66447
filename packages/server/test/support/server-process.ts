import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './herald.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** How a server process ended. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** The server's port on 127.0.0.1. */
  port: number;
  pid: number;
  /** Settles when the process has ended. */
  exited: Promise<ServerExit>;
  /** What the server wrote to its standard output so far (its JSON log lines at `HERALD_LOG_LEVEL`). */
  output(): string;
  /** Kills the server with SIGKILL, as a crash would: no shutdown, claims and jobs left as they were. */
  kill(): void;
  /**
   * Sends SIGTERM and waits for the process to end: how it ended and how long after the signal, in milliseconds.
   * Keeps the data directory.
   */
  terminate(): Promise<ServerExit & { afterMs: number }>;
  /** Ends the server cleanly (SIGTERM) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A Herald server in a process of its own (TypeScript through tsx), ready to answer: for tests of several
 * processes on one database, and of a process killed or stopped. `env` adds to the test's own environment
 * (DATABASE_URL, HERALD_DATA_DIR, HERALD_PGLITE_DIR, HERALD_SMTP_URL, HERALD_LOG_LEVEL…); the secrets are the
 * test servers' own, so every process opens the vault. Standard error goes to the test's; standard output is kept
 * for `output()`.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-process-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HERALD_DATA_DIR: dataDir,
      HERALD_SEED_DEMO: 'false',
      HERALD_LOG_LEVEL: 'error',
      HERALD_JWT_SECRET: 'test-secret-test-secret-test-secret',
      HERALD_VAULT_KEY: 'test-vault-key-test-vault-key',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<ServerExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const terminate = async () => {
    const signalledAt = performance.now();
    if (running()) child.kill('SIGTERM');
    const exit = await exited;
    return { ...exit, afterMs: performance.now() - signalledAt };
  };
  return {
    port,
    pid: child.pid ?? 0,
    exited,
    output: () => output,
    kill() {
      child.kill('SIGKILL');
    },
    terminate,
    async stop() {
      if (running()) await terminate();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
