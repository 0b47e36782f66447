import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import type WebSocket from 'ws';
import { DEMO_SUBSCRIBER_COUNT } from '../packages/server/src/seed/demo-subscribers.ts';
import { call, CommandError, open } from './ws-client.ts';
import { csvRowCells, CUSTOM_COLUMNS, STANDARD_COLUMNS } from './import-rows.ts';
import { importLimit } from './import-limit.ts';
import {
  browseConsole,
  browseConsoleFor,
  describeBrowsing,
  MARKETER,
  openConsole,
} from './console-browsing.ts';
import type { Browsed, ConsoleUser } from './console-browsing.ts';

const ROWS = Number(process.env.HERALD_BENCH_IMPORT_ROWS ?? 1_000_000);
export const DEMO_PASSWORD = 'bench-password-1';
const POSTGRES_SERVER = process.env.HERALD_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
/** Which runs to make: "pglite,postgres" (the default) or either alone. */
const DATABASES = (process.env.HERALD_BENCH_IMPORT_DATABASES ?? 'pglite,postgres').split(',');
const SCRATCH_DATABASE = 'herald_bench_import';
const LIMIT_DATABASE = 'herald_bench_import_limit';
/** Each run gives up after this long, so the bench stays bounded. */
const JOB_TIMEOUT_MS = 5 * 60_000;
/**
 * The organization with the demo's subscribers, lists and campaigns (seed/demo-seed.ts): imported into and
 * browsed, as a marketer would browse their organization's data while an administrator imports more.
 */
const DEMO_ORGANIZATION = 'Demo Pizza Co';
/** How long the second user browses the idle server before the import, as the baseline. */
const BASELINE_MS = 5_000;
const COLUMNS = [...STANDARD_COLUMNS, ...CUSTOM_COLUMNS];
const FIELDS = [...STANDARD_COLUMNS, ...CUSTOM_COLUMNS.map((column) => `custom.${column}`)];

/**
 * A 1,000,000-row, 12-column CSV imported end to end into a list, on the embedded PGlite and on
 * PostgreSQL (a scratch database, created and dropped): upload over HTTP, bulkWriteSubscribers, wait for
 * the job. Prints rows/s, the ratio to a raw COPY of the same file into a 12-text-column table in the same
 * run (same database kind), and the server process's peak RSS (VmHWM). Targets: ≥ 100,000 rows/s on
 * PostgreSQL, ≥ 40,000 rows/s on PGlite, RSS ≤ 500 MB. Meanwhile a second user browses the console
 * (console-browsing.ts): its requests' p50, p95 and max while the job runs, and on the idle server before;
 * goal p95 ≤ 200 ms. HERALD_BENCH_IMPORT_ROWS changes the row count.
 */
export async function benchImport(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'herald-bench-import-'));
  const lines: string[] = [];
  try {
    const file = path.join(dir, 'subscribers.csv');
    const generatedAt = performance.now();
    await writeCsv(file, ROWS);
    const size = (await stat(file)).size;
    lines.push(
      `generated ${ROWS.toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(0)} MiB in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s`,
    );
    if (DATABASES.includes('pglite'))
      lines.push(
        ...(await runOn(
          'PGlite',
          file,
          {},
          () => pgliteCopy(file, dir),
          () => importLimit({ databaseUrl: undefined, pgliteDataDir: path.join(dir, 'limit-pglite') }, ROWS),
        )),
      );
    if (!DATABASES.includes('postgres')) return lines;
    const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
    let postgresReady = false;
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${SCRATCH_DATABASE}`);
      postgresReady = true;
    } catch (error) {
      lines.push(`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
    if (postgresReady) {
      const url = `${POSTGRES_SERVER}/${SCRATCH_DATABASE}`;
      try {
        lines.push(
          ...(await runOn(
            'PostgreSQL',
            file,
            { DATABASE_URL: url },
            () => postgresCopy(file, url),
            async () => {
              // A database of its own, so the limit's indexes start as empty as the import's did.
              await admin.query(`DROP DATABASE IF EXISTS ${LIMIT_DATABASE} WITH (FORCE)`);
              await admin.query(`CREATE DATABASE ${LIMIT_DATABASE}`);
              const limitUrl = `${POSTGRES_SERVER}/${LIMIT_DATABASE}`;
              return importLimit({ databaseUrl: limitUrl, pgliteDataDir: '' }, ROWS);
            },
          )),
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`).catch(() => {});
        await admin.query(`DROP DATABASE IF EXISTS ${LIMIT_DATABASE} WITH (FORCE)`).catch(() => {});
      }
    }
    await admin.end().catch(() => {});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

async function runOn(
  label: string,
  file: string,
  env: Record<string, string>,
  rawCopy: () => Promise<number>,
  limit: () => Promise<number>,
): Promise<string[]> {
  const server = await startServerProcess(env);
  try {
    const timings = { uploadMs: 0 };
    const { importMs, idle, duringImport } = await importThroughServer(server, file, timings);
    const rowsPerSecond = ROWS / (importMs / 1000);
    const peakRss = await peakRssOf(server.pid);
    const copyMs = await rawCopy();
    const limitMs = await limit();
    const limitRate = ROWS / (limitMs / 1000);
    return [
      `${label}: ${ROWS.toLocaleString('en')} rows imported in ${(importMs / 1000).toFixed(1)} s = ` +
        `${Math.round(rowsPerSecond).toLocaleString('en')} rows/s (upload + job; the upload took ` +
        `${(timings.uploadMs / 1000).toFixed(1)} s)`,
      `${label}: raw COPY of the file into 12 text columns ${(copyMs / 1000).toFixed(1)} s; import/COPY time ratio ` +
        `${(importMs / copyMs).toFixed(1)}×`,
      `${label}: the limit, the same rows prepared and COPYed straight into subscriber and list_membership with ` +
        `all their indexes: ${(limitMs / 1000).toFixed(1)} s = ${Math.round(limitRate).toLocaleString('en')} rows/s; ` +
        `the import reaches ${(rowsPerSecond / limitRate).toFixed(2)} of it (goal ≥ 0.8 on PostgreSQL)`,
      `${label}: server peak RSS ${peakRss === undefined ? 'unknown' : `${Math.round(peakRss / 1024)} MB`}`,
      ...describeBrowsing(label, `on the idle server (${BASELINE_MS / 1000} s before the import)`, idle),
      ...describeBrowsing(label, 'during the import job', duringImport, true),
    ];
  } finally {
    await server.stop();
  }
}

/**
 * The import, and a second user browsing the console (console-browsing.ts): first on the idle server for a
 * baseline, then from the moment the job starts until it finishes.
 */
async function importThroughServer(
  server: ServerProcess,
  file: string,
  timings: { uploadMs: number },
): Promise<{ importMs: number; idle: Browsed; duringImport: Browsed }> {
  // The import goes into the organization the demo seed filled, which the second user browses.
  const admin = await signInAsAdmin(server, { organization: DEMO_ORGANIZATION });
  let marketer: ConsoleUser | undefined;
  try {
    marketer = await openConsole(
      await signInAs(server, MARKETER, admin.organizationId),
      admin.organizationId,
    );
    const idle = await browseConsoleFor(marketer, BASELINE_MS);
    const { jobId, startedAt } = await startImport(server, admin, file, timings);
    const browsing = browseConsole(marketer);
    const job = await waitForJob(admin, jobId, JOB_TIMEOUT_MS).finally(() => browsing.stop());
    const importMs = performance.now() - startedAt;
    if (job.result?.created !== ROWS) throw new Error(`created ${job.result?.created}, expected ${ROWS}`);
    return { importMs, idle, duringImport: await browsing.stop() };
  } finally {
    marketer?.close();
    admin.close();
  }
}

/**
 * The demo administrator signed in, with a channel authenticated on their first organization (by name,
 * Acme Retail) or the one asked for.
 */
export interface AdminConnection {
  session: WebSocket;
  channel: WebSocket;
  sessionId: string;
  organizationId: number;
  token: string;
  close(): void;
}

/**
 * Signs the demo administrator in (HERALD_DEMO_PASSWORD as startServerProcess sets it) and, unless told
 * otherwise, waits until the demo subscribers are seeded. `organization` names the organization to work in.
 */
export async function signInAsAdmin(
  server: ServerProcess,
  { awaitDemoSeed = true, organization }: { awaitDemoSeed?: boolean; organization?: string } = {},
): Promise<AdminConnection> {
  const session = await open(`ws://127.0.0.1:${server.port}/session`);
  const url = `ws://127.0.0.1:${server.port}/uiv5`;
  const channel = await open(url);
  const close = () => {
    session.close();
    channel.close();
  };
  try {
    const signedIn = (await call(session, 'createSession', {
      email: 'admin@example.com',
      password: DEMO_PASSWORD,
    })) as {
      sessionId: string;
      user: { organizations: Array<{ organization_id: number; organization: string }> };
    };
    const organizationId = signedIn.user.organizations.find(
      (candidate) => organization === undefined || candidate.organization === organization,
    )?.organization_id;
    if (organizationId === undefined)
      throw new Error(`the demo admin has no organization ${organization ?? ''}`);
    if (awaitDemoSeed)
      await demoSubscribersSeeded(
        url,
        session,
        signedIn.sessionId,
        signedIn.user.organizations.map((organization) => organization.organization_id),
      );
    const { token } = (await call(session, 'getOrganizationToken', {
      sessionId: signedIn.sessionId,
      organizationId,
    })) as { token: string };
    await call(channel, 'authenticateConnection', { organizationId, jwt: token });
    return { session, channel, sessionId: signedIn.sessionId, organizationId, token, close };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * Signs a demo user in (the demo password) and answers an organization channel authenticated on
 * `organizationId`; the session's socket is closed once the token is had.
 */
export async function signInAs(
  server: ServerProcess,
  email: string,
  organizationId: number,
): Promise<WebSocket> {
  const session = await open(`ws://127.0.0.1:${server.port}/session`);
  const channel = await open(`ws://127.0.0.1:${server.port}/uiv5`);
  try {
    const { sessionId } = (await call(session, 'createSession', { email, password: DEMO_PASSWORD })) as {
      sessionId: string;
    };
    const { token } = (await call(session, 'getOrganizationToken', { sessionId, organizationId })) as {
      token: string;
    };
    await call(channel, 'authenticateConnection', { organizationId, jwt: token });
    return channel;
  } catch (error) {
    channel.close();
    throw error;
  } finally {
    session.close();
  }
}

/**
 * Declares the CSV's three custom fields (those the organization lacks) and a new list, uploads the file and starts its import into the
 * list. `startedAt` is when the upload began (the import's time runs from there).
 */
export async function startImport(
  server: ServerProcess,
  admin: AdminConnection,
  file: string,
  timings: { uploadMs: number },
): Promise<{ jobId: number; startedAt: number }> {
  const { channel, organizationId, token } = admin;
  // The demo organization has loyalty_tier and points already, with these schemas: only the others are added.
  const { records: existing } = (await call(channel, 'query', {
    organizationId,
    query: { type: 'customField', filter: { type: 'subscriber' } },
    limit: 500,
  })) as { records: Array<{ field: string }> };
  const fields = [
    {
      type: 'subscriber',
      field: 'loyalty_tier',
      schema: { dataType: 'text', values: ['bronze', 'silver', 'gold'] },
    },
    { type: 'subscriber', field: 'points', schema: { dataType: 'number' } },
    { type: 'subscriber', field: 'signup_source', schema: { dataType: 'text' } },
  ].filter((wanted) => !existing.some((field) => field.field === wanted.field));
  if (fields.length > 0)
    await call(channel, 'writeRecords', { organizationId, type: 'customField', data: fields });
  const { records } = (await call(channel, 'writeRecords', {
    organizationId,
    type: 'list',
    data: [{ name: `Bench import ${Date.now()}` }],
  })) as { records: Array<{ id: number }> };
  const listId = records[0]!.id;

  const startedAt = performance.now();
  const form = new FormData();
  form.append('jwt', token);
  form.append('organizationId', String(organizationId));
  form.append('file', await openAsBlob(file), 'subscribers.csv');
  const response = await fetch(`${server.url}/uiv5-upload/`, { method: 'POST', body: form });
  const uploaded = (await response.json()) as {
    files?: Array<{ fileId: string }>;
    error?: { type: string };
  };
  const fileId = uploaded.files?.[0]?.fileId;
  if (!fileId) throw new Error(`upload failed: ${uploaded.error?.type ?? response.status}`);
  timings.uploadMs = performance.now() - startedAt;
  const { jobId } = (await call(channel, 'bulkWriteSubscribers', {
    organizationId,
    listId,
    sourceName: 'bench',
    fields: FIELDS,
    fileId,
  })) as { jobId: number };
  return { jobId, startedAt };
}

export interface JobView {
  status: string;
  result?: Record<string, number>;
  error?: { type: string };
}

/**
 * Polls the job (`query` of type `job`) until it succeeds, and throws if it ends otherwise or is still
 * queued or running after `timeoutMs`. A poll that times out while a long statement holds the database
 * (QueryTimeoutError) is simply asked again.
 */
export async function waitForJob(admin: AdminConnection, jobId: number, timeoutMs: number): Promise<JobView> {
  const { channel, organizationId } = admin;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await call(channel, 'query', {
      organizationId,
      query: { type: 'job', filter: { id: jobId } },
    }).then(
      (reply) => (reply as { records: JobView[] }).records[0],
      (error: unknown) => {
        if (error instanceof CommandError && error.type === 'QueryTimeoutError') return undefined;
        throw error;
      },
    );
    if (job?.status === 'succeeded') return job;
    if (job && job.status !== 'queued' && job.status !== 'running')
      throw new Error(`job ${job.status}: ${job.error?.type ?? ''}`);
    if (Date.now() > deadline) throw new Error(`job still ${job?.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The server seeds its 20,000 demo subscribers after it is ready (start.ts): waited for, so that the
 * import is timed alone rather than beside the seeding.
 */
async function demoSubscribersSeeded(
  url: string,
  session: WebSocket,
  sessionId: string,
  organizationIds: readonly number[],
): Promise<void> {
  const channels = await Promise.all(
    organizationIds.map(async (organizationId) => {
      const channel = await open(url);
      const { token } = (await call(session, 'getOrganizationToken', { sessionId, organizationId })) as {
        token: string;
      };
      await call(channel, 'authenticateConnection', { organizationId, jwt: token });
      return { channel, organizationId };
    }),
  );
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      let seeded = 0;
      for (const { channel, organizationId } of channels) {
        const { total } = (await call(channel, 'query', {
          organizationId,
          query: { type: 'subscriber' },
          limit: 0,
        })) as { total: number };
        seeded += total;
      }
      if (seeded >= DEMO_SUBSCRIBER_COUNT) return;
      if (Date.now() > deadline) throw new Error(`the demo seed stopped at ${seeded} subscribers`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    for (const { channel } of channels) channel.close();
  }
}

/** The process's peak resident set (VmHWM, KiB) as Linux reports it. */
async function peakRssOf(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(status);
  return match ? Number(match[1]) : undefined;
}

const RAW_TABLE = `CREATE TABLE raw_import (${COLUMNS.map((column) => `${column} text`).join(', ')})`;

async function pgliteCopy(file: string, dir: string): Promise<number> {
  const database = await PGlite.create(path.join(dir, 'raw-pglite'));
  try {
    await database.exec(RAW_TABLE);
    const startedAt = performance.now();
    await database.query(`COPY raw_import FROM '/dev/blob' WITH (FORMAT csv, HEADER true)`, [], {
      blob: await openAsBlob(file),
    });
    return performance.now() - startedAt;
  } finally {
    await database.close();
  }
}

async function postgresCopy(file: string, url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(RAW_TABLE);
    const startedAt = performance.now();
    const { createReadStream } = await import('node:fs');
    await pipeline(
      createReadStream(file),
      client.query(copyFrom(`COPY raw_import FROM STDIN WITH (FORMAT csv, HEADER true)`)),
    );
    return performance.now() - startedAt;
  } finally {
    await client.end();
  }
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function writeCsv(file: string, rows: number): Promise<void> {
  async function* lines() {
    yield `${COLUMNS.join(',')}\n`;
    let chunk = '';
    for (let n = 1; n <= rows; n += 1) {
      const cells = csvRowCells(n);
      chunk += `${cells.map(csvCell).join(',')}\n`;
      if (n % 10_000 === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
}
