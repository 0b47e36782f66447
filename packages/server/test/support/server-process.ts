import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './herald.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  /** Kills the server with SIGKILL, as a crash would: no shutdown, claims and jobs left as they were. */
  kill(): void;
  /** Ends the server cleanly (SIGTERM) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A Herald server in a process of its own (TypeScript through tsx), ready to answer: for tests of several
 * processes on one database, and of a process killed. `env` adds to the test's own environment (DATABASE_URL,
 * HERALD_PGLITE_DIR, HERALD_SMTP_URL…); the secrets are the test servers' own, so every process opens the vault.
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
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
  return {
    kill() {
      child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
