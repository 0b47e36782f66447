import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient, freePort, organizationToken, uploadFiles, waitForJob } from './support/index.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const compiledServer = path.join(repositoryRoot, 'packages/server/dist/main.js');
const DEMO_PASSWORD = 'compiled-test-password-1';

/**
 * `npm start`'s server: built (when a source is newer than the build) by the same script, then run as its own
 * process with plain node on an empty embedded database, as `npm start` runs it.
 */
describe('the compiled server', () => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    dataDir = await mkdtemp(path.join(tmpdir(), 'herald-compiled-'));
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HERALD_DATA_DIR: dataDir,
      HERALD_DEMO_PASSWORD: DEMO_PASSWORD,
      HERALD_LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--enable-source-maps', compiledServer], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 50_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the compiled server exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error('the compiled server was not ready within 50 s');
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz and a ping over the WebSocket', async () => {
    const readiness = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readiness.status).toBe(200);
    const channel = await ChannelClient.open(`ws://127.0.0.1:${port}/uiv5`);
    try {
      const reply = await channel.request('ping');
      expect(reply.error).toBeUndefined();
      expect(reply.result).toBeDefined();
    } finally {
      channel.socket.close();
    }
  });

  it("shuts down, releasing its database, when npm start's launcher ends, however it ends", async () => {
    // scripts/start.mjs runs the server over an IPC channel; a launcher killed with kill -9 closes it too.
    const launchedDataDir = await mkdtemp(path.join(tmpdir(), 'herald-launched-'));
    const launchedPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(launchedPort),
      HOST: '127.0.0.1',
      HERALD_DATA_DIR: launchedDataDir,
      HERALD_SEED_DEMO: 'false',
      HERALD_LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const launched = spawn(process.execPath, ['--enable-source-maps', compiledServer], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) => launched.once('exit', resolve));
    try {
      const deadline = Date.now() + 50_000;
      while (
        !(await fetch(`http://127.0.0.1:${launchedPort}/readyz`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (launched.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(existsSync(path.join(launchedDataDir, 'pglite', 'herald.pid'))).toBe(true);
      launched.disconnect();
      expect(await exited).toBe(0);
      expect(existsSync(path.join(launchedDataDir, 'pglite', 'herald.pid'))).toBe(false);
    } finally {
      if (launched.exitCode === null) launched.kill('SIGKILL');
      await rm(launchedDataDir, { recursive: true, force: true });
    }
  });

  it('runs the JavaScript build with plain node: no TypeScript loader on its command line', async () => {
    const commandLine = (await readFile(`/proc/${server.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    expect(commandLine).toEqual([process.execPath, '--enable-source-maps', compiledServer]);
    const environment = (await readFile(`/proc/${server.pid}/environ`, 'utf8')).split('\0');
    const nodeOptions = environment.find((variable) => variable.startsWith('NODE_OPTIONS=')) ?? '';
    expect(nodeOptions).not.toMatch(/tsx|--import|--loader|--require/);
  });

  // The parsing workers run dist/batch-worker.js and dist/workbook-rows-worker.js: from the bundle, their .ts
  // files would not be found.
  it('parses an import and a workbook preview on their compiled workers', async () => {
    const session = await ChannelClient.open(`ws://127.0.0.1:${port}/session`);
    const channel = await ChannelClient.open(`ws://127.0.0.1:${port}/uiv5`);
    try {
      const signedIn = await session.call<{
        sessionId: string;
        user: { organizations: Array<{ organization_id: number }> };
      }>('createSession', { email: 'admin@example.com', password: DEMO_PASSWORD });
      const organizationId = signedIn.user.organizations[0]!.organization_id;
      const jwt = await organizationToken(session, signedIn.sessionId, organizationId);
      await channel.call('authenticateConnection', { organizationId, jwt });
      const upload = await uploadFiles(
        { port },
        {
          jwt,
          organizationId,
          files: [{ name: 'people.csv', content: 'email,firstname\ncompiled-1@example.test,Ada\n' }],
        },
      );
      const fileId = upload.body.files?.[0]?.fileId;
      expect(fileId, JSON.stringify(upload.body)).toBeDefined();
      const { jobId } = await channel.call<{ jobId: number }>('bulkWriteSubscribers', {
        organizationId,
        sourceName: 'compiled-server test',
        fields: ['email', 'firstname'],
        fileId,
      });
      const job = await waitForJob(channel, organizationId, jobId);
      expect(job.error).toBeUndefined();
      expect(job.status).toBe('succeeded');

      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['email'], ['a@example.test']]), 'Sheet1');
      const workbook = await uploadFiles(
        { port },
        {
          jwt,
          organizationId,
          files: [
            {
              name: 'people.xlsx',
              content: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
            },
          ],
        },
      );
      const preview = await channel.call<{ header: string[]; rows: string[][] }>('previewImportFile', {
        organizationId,
        fileId: workbook.body.files?.[0]?.fileId,
      });
      expect(preview).toMatchObject({ header: ['email'], rows: [['a@example.test']] });
    } finally {
      session.socket.close();
      channel.socket.close();
    }
  });
});
