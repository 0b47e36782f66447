import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { call } from './ws-client.ts';
import { CUSTOM_COLUMNS, STANDARD_COLUMNS, writeCsv } from './import-rows.ts';
import { signInAs, signInAsAdmin, waitForJob, type AdminConnection } from './demo-users.ts';
import { importLimit } from './import-limit.ts';
import { settleWrites } from './settle-writes.ts';
import {
  browseConsole,
  browseConsoleFor,
  describeBrowsing,
  MARKETER,
  openConsole,
} from './console-browsing.ts';
import type { Browsed, ConsoleUser } from './console-browsing.ts';

const ROWS = Number(process.env.HERALD_BENCH_IMPORT_ROWS ?? 1_000_000);
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
 * goal p95 ≤ 200 ms. On PGlite, whose batches are shorter while someone browses, the import also runs once on a
 * server of its own with nobody browsing. HERALD_BENCH_IMPORT_ROWS changes the row count.
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
          { unbrowsedToo: true },
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
            { unbrowsedToo: false },
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

/**
 * The import on one database kind, its raw COPY and its limit. `unbrowsedToo` first imports on a server of
 * its own with nobody using the console: PGlite takes shorter batches while someone does (batch-sizing.ts),
 * so there the two speeds differ; PostgreSQL's batches are the same either way.
 */
async function runOn(
  label: string,
  file: string,
  env: Record<string, string>,
  rawCopy: () => Promise<number>,
  limit: () => Promise<number>,
  { unbrowsedToo }: { unbrowsedToo: boolean },
): Promise<string[]> {
  const unbrowsed = unbrowsedToo ? await importOnce(env, file, { browse: false }) : undefined;
  const browsed = await importOnce(env, file, { browse: true });
  if (!browsed.idle || !browsed.duringImport) throw new Error('the browsed import was not browsed');
  const copyMs = await rawCopy();
  await settleWrites(env.DATABASE_URL);
  const limitMs = await limit();
  const limitRate = ROWS / (limitMs / 1000);
  const imported = (run: ImportRun, how: string) => {
    const rowsPerSecond = ROWS / (run.importMs / 1000);
    return (
      `${label}: ${ROWS.toLocaleString('en')} rows imported ${how} in ${(run.importMs / 1000).toFixed(1)} s = ` +
      `${Math.round(rowsPerSecond).toLocaleString('en')} rows/s, ${(rowsPerSecond / limitRate).toFixed(2)} of ` +
      `the limit (upload + job; the upload took ${(run.uploadMs / 1000).toFixed(1)} s); server peak RSS ` +
      `${run.peakRss === undefined ? 'unknown' : `${Math.round(run.peakRss / 1024)} MB`}`
    );
  };
  return [
    ...(unbrowsed ? [imported(unbrowsed, 'with nobody browsing')] : []),
    imported(browsed, 'while a second user browses'),
    `${label}: raw COPY of the file into 12 text columns ${(copyMs / 1000).toFixed(1)} s; import/COPY time ratio ` +
      `${(browsed.importMs / copyMs).toFixed(1)}× (browsed)`,
    `${label}: the limit, the same rows prepared and COPYed straight into subscriber and list_membership with ` +
      `all their indexes: ${(limitMs / 1000).toFixed(1)} s = ${Math.round(limitRate).toLocaleString('en')} rows/s ` +
      `(goal: the import ≥ 0.8 of it on PostgreSQL)`,
    ...describeBrowsing(
      label,
      `on the idle server (${BASELINE_MS / 1000} s before the import)`,
      browsed.idle!,
    ),
    ...describeBrowsing(label, 'during the import job', browsed.duringImport, true),
  ];
}

interface ImportRun {
  importMs: number;
  uploadMs: number;
  /** The server process's peak resident set, KiB. */
  peakRss: number | undefined;
  idle?: Browsed;
  duringImport?: Browsed;
}

/** The import on a server of its own, with the second user browsing or nobody. */
async function importOnce(
  env: Record<string, string>,
  file: string,
  { browse }: { browse: boolean },
): Promise<ImportRun> {
  const server = await startServerProcess(env);
  try {
    const timings = { uploadMs: 0 };
    const run = await importThroughServer(server, file, timings, {
      browse,
      beforeImport: () => settleWrites(env.DATABASE_URL),
    });
    return { ...run, uploadMs: timings.uploadMs, peakRss: await peakRssOf(server.pid) };
  } finally {
    await server.stop();
  }
}

/**
 * The import, and unless told otherwise a second user browsing the console (console-browsing.ts): first on
 * the idle server for a baseline, then from the moment the job starts until it finishes.
 */
async function importThroughServer(
  server: ServerProcess,
  file: string,
  timings: { uploadMs: number },
  { browse, beforeImport }: { browse: boolean; beforeImport: () => Promise<void> },
): Promise<{ importMs: number; idle?: Browsed; duringImport?: Browsed }> {
  // The import goes into the organization the demo seed filled, which the second user browses.
  const admin = await signInAsAdmin(server, { organization: DEMO_ORGANIZATION });
  let marketer: ConsoleUser | undefined;
  try {
    if (!browse) {
      await beforeImport();
      const { jobId, startedAt } = await startImport(server, admin, file, timings);
      const job = await waitForJob(admin, jobId, JOB_TIMEOUT_MS);
      const importMs = performance.now() - startedAt;
      if (job.result?.created !== ROWS) throw new Error(`created ${job.result?.created}, expected ${ROWS}`);
      return { importMs };
    }
    marketer = await openConsole(
      await signInAs(server, MARKETER, admin.organizationId),
      admin.organizationId,
    );
    await beforeImport();
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
