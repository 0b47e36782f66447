import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createFreshDatabase } from './support/fresh-database.ts';
import { uploadFiles, waitForJob, type JobView } from './support/uploads.ts';

const ROWS = Number(process.env.HERALD_TEST_RESTART_ROWS ?? 200_000);
const PASSWORD = 'restart-password-1';
const serverMain = path.resolve(import.meta.dirname, '../src/main.ts');

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

/** The real server as its own process (npm start's entry), so it can be killed without warning. */
async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HERALD_LOG_LEVEL: process.env.HERALD_TEST_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server not ready within 60 s');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function connect(port: number) {
  const session = await ChannelClient.open(`ws://127.0.0.1:${port}/session`);
  const signedIn = await session.call<{
    sessionId: string;
    user: { organizations: Array<{ organization_id: number; name: string }> };
  }>('createSession', { email: 'admin@example.com', password: PASSWORD });
  const organizationId = signedIn.user.organizations[0]!.organization_id;
  const { token } = await session.call<{ token: string }>('getOrganizationToken', {
    sessionId: signedIn.sessionId,
    organizationId,
  });
  const channel = await ChannelClient.open(`ws://127.0.0.1:${port}/uiv5`);
  await channel.call('authenticateConnection', { organizationId, jwt: token });
  return { session, channel, organizationId, token };
}

/**
 * On PostgreSQL, the server's transactions that are merging an import batch and have written: two batch
 * writers at work show as two. (The demo seed writes too, so only the merge's statements count.)
 */
async function batchWriters(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ writers: number }>(`SELECT count(*)::integer AS writers
    FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND backend_xid IS NOT NULL AND query ~ '(import_staging|new_subscribers|INSERT INTO subscriber \\()'`);
  return rows[0]?.writers ?? 0;
}

describe('an import interrupted by a crash', () => {
  let dataDir: string;
  let fresh: { url: string; drop(): Promise<void> } | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'herald-restart-'));
    if (process.env.DATABASE_URL) fresh = await createFreshDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes after its last committed batch and writes nothing twice', { timeout: 300_000 }, async () => {
    const env: Record<string, string> = {
      HERALD_DATA_DIR: dataDir,
      HERALD_DEMO_PASSWORD: PASSWORD,
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    };
    const port = await freePort();
    child = await startServer(env, port);
    const first = await connect(port);
    const { records } = await first.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
      organizationId: first.organizationId,
      type: 'list',
      data: [{ name: 'Restart list' }],
    });
    const listId = records[0]!.id;

    const lines = ['email,firstname'];
    for (let n = 0; n < ROWS; n += 1) lines.push(`restart${n}@example.test,Name ${n}`);
    // Two repeats of earlier rows: rejected as duplicates, so distinct subscribers are ROWS.
    lines.push('restart5@example.test,Again', 'RESTART6@example.test,Again');
    const file = path.join(dataDir, 'restart.csv');
    await writeFile(file, `${lines.join('\n')}\n`);
    const uploaded = await uploadFiles(
      { port },
      {
        jwt: first.token,
        organizationId: first.organizationId,
        files: [{ name: 'restart.csv', content: await readFile(file) }],
      },
    );
    expect(uploaded.status).toBe(200);
    const { jobId } = await first.channel.call<{ jobId: number }>('bulkWriteSubscribers', {
      organizationId: first.organizationId,
      listId,
      sourceName: 'restart',
      fields: ['email', 'firstname'],
      fileId: uploaded.body.files![0]!.fileId,
    });

    // Kill -9 once some, not all, batches are committed; on PostgreSQL, while two batch writers are merging.
    const watcher = fresh ? new pg.Client({ connectionString: fresh.url }) : undefined;
    await watcher?.connect();
    let seen: JobView | undefined;
    let writers = 0;
    try {
      for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
        const { records: jobs } = await first.channel.call<{ records: JobView[] }>('query', {
          organizationId: first.organizationId,
          query: { type: 'job', filter: { id: jobId } },
        });
        seen = jobs[0];
        writers = watcher ? await batchWriters(watcher) : 0;
        if (seen && seen.progress.done > 0 && (!watcher || writers >= 2)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await watcher?.end();
    }
    expect(seen?.status).toBe('running');
    expect(seen!.progress.done).toBeLessThan(seen!.progress.total ?? Infinity);
    if (fresh) expect(writers).toBe(2);
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    first.session.socket.terminate();
    first.channel.socket.terminate();

    child = await startServer(env, port);
    // The resumed import holds the embedded database between batches, so the first sign-in may wait.
    const second = await connect(port).catch(() => connect(port));
    const job = await waitForJob(second.channel, second.organizationId, jobId, 240_000);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({ rows: ROWS + 2, rejected: 2 });
    expect(job.result).toMatchObject({ created: ROWS, updated: 0 });

    const { total: subscribers } = await second.channel.call<{ total: number }>('query', {
      organizationId: second.organizationId,
      query: { type: 'subscriber', filter: { listId } },
      limit: 0,
    });
    expect(subscribers).toBe(ROWS);
    const { records: lists } = await second.channel.call<{
      records: Array<{ stats: { subscribers: number } }>;
    }>('query', { organizationId: second.organizationId, query: { type: 'list', filter: { id: listId } } });
    expect(lists[0]?.stats.subscribers).toBe(ROWS);
    second.session.close();
    second.channel.close();
    const stopped = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
    child = undefined;
  });
});
