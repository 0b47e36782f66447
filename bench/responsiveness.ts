import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { signInAs, signInAsAdmin, waitForJob, type AdminConnection } from './demo-users.ts';
import { startImport } from './import.ts';
import { writeCsv } from './import-rows.ts';
import { summary } from './ping.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { call, caller, CommandError, open } from './ws-client.ts';

const ROWS = Number(process.env.HERALD_BENCH_RESPONSIVENESS_ROWS ?? 1_000_000);
/** Which runs to make: "pglite,postgres" (the default) or either alone. */
const DATABASES = (process.env.HERALD_BENCH_RESPONSIVENESS_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES_SERVER = process.env.HERALD_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const SCRATCH_DATABASE = 'herald_bench_responsiveness';
/** Each phase gives up after this long, so the bench stays bounded. */
const PHASE_TIMEOUT_MS = 5 * 60_000;
const SAMPLE_INTERVAL_MS = 50;
/** How long a sample still unanswered when its phase ends is waited for before it counts as lost. */
const SAMPLE_GRACE_MS = 30_000;
/** About two thirds of the imported subscribers (`signup_source` is "store" unless the row number is a multiple of 3). */
const AUDIENCE_TARGET = 'custom.signup_source = "store"';
const BURST = 300;
const GOAL = '(goal p99 ≤ 100 ms)';

/**
 * Whether the server keeps answering while the database works: `/healthz` and a WebSocket `ping` (on
 * /uiv5, unauthenticated), each sent every 50 ms by a client of their own, during
 * - the import of a 1,000,000-row CSV (bench/import.ts's file, upload and job);
 * - the generation of an audience of about two thirds of them (its duration printed too);
 * - a burst of 300 subscriber searches sent at once from one viewer's socket (the pings then come from
 *   the administrator's socket), with how the 300 were answered.
 * On PGlite a second generation is also killed (SIGKILL) half-way and the server restarted on the same data
 * directory: the time from the restart until the resumed generation is ready, against the first one's
 * (goal ≤ 2×). PGlite in a temporary directory, then PostgreSQL in a scratch database (created and dropped),
 * without the kill. HERALD_BENCH_RESPONSIVENESS_ROWS changes the row count.
 */
export async function benchResponsiveness(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'herald-bench-responsiveness-'));
  const lines: string[] = [];
  try {
    const file = path.join(dir, 'subscribers.csv');
    const generatedAt = performance.now();
    await writeCsv(file, ROWS);
    lines.push(
      `generated ${ROWS.toLocaleString('en')} rows, ${((await stat(file)).size / 1024 / 1024).toFixed(0)} MiB in ${seconds(performance.now() - generatedAt)}`,
    );
    if (DATABASES.includes('pglite')) {
      const dataDir = path.join(dir, 'pglite');
      await mkdir(dataDir);
      lines.push(...(await runOn('PGlite', file, {}, dataDir)));
    }
    if (DATABASES.includes('postgres')) lines.push(...(await runOnPostgres(file)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

async function runOnPostgres(file: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${SCRATCH_DATABASE}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return [`PostgreSQL: skipped (${messageOf(error)})`];
  }
  try {
    return await runOn('PostgreSQL', file, { DATABASE_URL: `${POSTGRES_SERVER}/${SCRATCH_DATABASE}` });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

/** The phases on one database; `dataDir` (PGlite) is kept across the kill and restart. */
async function runOn(
  label: string,
  file: string,
  env: Record<string, string>,
  dataDir?: string,
): Promise<string[]> {
  const lines: string[] = [];
  let server = await startServerProcess(env, 'compiled', { dataDir });
  let admin: AdminConnection | undefined;
  try {
    admin = await signInAsAdmin(server);
    const signedIn = admin;
    const imported = await phase(lines, `${label}: import`, async () => {
      const { samples, value } = await sampledDuring(server, signedIn, async () => {
        const timings = { uploadMs: 0 };
        const { jobId, startedAt } = await startImport(server, signedIn, file, timings);
        await waitForJob(signedIn, jobId, PHASE_TIMEOUT_MS);
        const uploadedAt = startedAt + timings.uploadMs;
        return { startedAt, uploadedAt, endedAt: performance.now() };
      });
      // The upload and the job apart: they load the server differently.
      const windows = [
        { name: 'upload', from: value.startedAt, to: value.uploadedAt },
        { name: 'job', from: value.uploadedAt, to: value.endedAt },
      ];
      return [
        ...samples.lines(
          `${label}: during the import of ${ROWS.toLocaleString('en')} rows (${seconds(value.endedAt - value.startedAt)}, upload and job)`,
          windows,
        ),
      ];
    });
    if (!imported) return lines;

    let generationMs = 0;
    const generated = await phase(lines, `${label}: audience generation`, async () => {
      const { samples, value } = await sampledDuring(server, signedIn, () =>
        generateAudience(signedIn, 'Bench audience'),
      );
      generationMs = value.ms;
      return [
        `${label}: audience "${AUDIENCE_TARGET}" generated in ${seconds(value.ms)}: ${value.size.toLocaleString('en')} members (from writeRecords to ready)`,
        ...samples.lines(`${label}: during the generation`),
      ];
    });

    await phase(lines, `${label}: burst of ${BURST} searches`, () => searchBurst(label, server, signedIn));

    if (dataDir === undefined || !generated) return lines;
    await phase(lines, `${label}: resumed generation`, async () => {
      signedIn.close();
      admin = undefined;
      const resumed = await resumeAfterKill(server, env, dataDir, generationMs, (restarted) => {
        server = restarted;
      });
      return [
        `${label}: generation killed (SIGKILL) after ${seconds(resumed.killedAfterMs)}; the server restarted on the same data in ${seconds(resumed.restartMs)} (ready), ` +
          `the resumed generation was ready ${seconds(resumed.resumedMs)} after the restart began ` +
          `(${seconds(resumed.resumedMs - resumed.restartMs)} after the server was) = ` +
          `${(resumed.resumedMs / generationMs).toFixed(2)}× the normal generation (goal ≤ 2×); ` +
          `${seconds(resumed.totalMs)} from writeRecords to ready in all, ${resumed.size.toLocaleString('en')} members, ` +
          `the job's attempt ${resumed.attempts}`,
      ];
    });
    return lines;
  } catch (error) {
    lines.push(`${label}: failed — ${messageOf(error)}`);
    return lines;
  } finally {
    admin?.close();
    await server.stop();
  }
}

/** Runs one phase bounded in time; a failure becomes its "failed — …" line. Answers whether it succeeded. */
async function phase(lines: string[], label: string, work: () => Promise<string[]>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`gave up after ${PHASE_TIMEOUT_MS / 60_000} minutes`)),
      PHASE_TIMEOUT_MS + SAMPLE_GRACE_MS,
    );
  });
  try {
    lines.push(...(await Promise.race([work(), timeout])));
    return true;
  } catch (error) {
    lines.push(`${label}: failed — ${messageOf(error)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

interface AudienceRecord {
  id: number;
  status: string;
  size: number | null;
  error?: string | null;
}

/** Creates an audience (which queues its generation) and waits until it is ready. */
async function generateAudience(admin: AdminConnection, name: string): Promise<{ ms: number; size: number }> {
  const startedAt = performance.now();
  const id = await createAudience(admin, name);
  const audience = await audienceReady(admin, id, PHASE_TIMEOUT_MS);
  return { ms: performance.now() - startedAt, size: audience.size ?? 0 };
}

async function createAudience(admin: AdminConnection, name: string): Promise<number> {
  const { records } = (await call(admin.channel, 'writeRecords', {
    organizationId: admin.organizationId,
    type: 'audience',
    data: [{ name: `${name} ${Date.now()}`, target: AUDIENCE_TARGET }],
  })) as { records: AudienceRecord[] };
  return records[0]!.id;
}

async function readAudience(admin: AdminConnection, id: number): Promise<AudienceRecord | undefined> {
  return call(admin.channel, 'query', {
    organizationId: admin.organizationId,
    query: { type: 'audience', filter: { id } },
  }).then(
    (reply) => (reply as { records: AudienceRecord[] }).records[0],
    (error: unknown) => {
      // A poll that waited out the time limit behind the generation's statement is asked again.
      if (error instanceof CommandError && error.type === 'QueryTimeoutError') return undefined;
      throw error;
    },
  );
}

/** Polls the audience until its generation is ready; throws on an error or after `timeoutMs`. */
async function audienceReady(admin: AdminConnection, id: number, timeoutMs: number): Promise<AudienceRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const audience = await readAudience(admin, id);
    if (audience?.status === 'ready') return audience;
    if (audience?.status === 'error') throw new Error(`the generation failed: ${audience.error ?? ''}`);
    if (Date.now() > deadline)
      throw new Error(`audience still ${audience?.status} after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * A second audience like the first: its generation is killed with SIGKILL at half the first one's time, a
 * server is started on the same data directory, and the resumed generation is waited for.
 */
async function resumeAfterKill(
  server: ServerProcess,
  env: Record<string, string>,
  dataDir: string,
  generationMs: number,
  restarted: (server: ServerProcess) => void,
): Promise<{
  attempts: number;
  killedAfterMs: number;
  restartMs: number;
  resumedMs: number;
  totalMs: number;
  size: number;
}> {
  const admin = await signInAsAdmin(server, { awaitDemoSeed: false });
  let id: number;
  let startedAt: number;
  try {
    startedAt = performance.now();
    id = await createAudience(admin, 'Bench audience, killed');
    await sleep(Math.max(0, generationMs / 2 - (performance.now() - startedAt)));
  } finally {
    admin.close();
  }
  const killedAfterMs = performance.now() - startedAt;
  await server.kill();
  const restartedAt = performance.now();
  const again = await startServerProcess(env, 'compiled', { dataDir, readyTimeoutMs: PHASE_TIMEOUT_MS });
  restarted(again);
  const restartMs = performance.now() - restartedAt;
  const after = await signInAsAdmin(again, { awaitDemoSeed: false });
  try {
    const audience = await audienceReady(after, id, PHASE_TIMEOUT_MS);
    const now = performance.now();
    // The generation's job: a second attempt shows the kill found it running (not finished early).
    const { records: jobs } = (await call(after.channel, 'query', {
      organizationId: after.organizationId,
      query: { type: 'job', filter: { kind: 'audience' } },
      limit: 1,
    })) as { records: Array<{ attempts: number; status: string }> };
    return {
      attempts: jobs[0]?.attempts ?? 0,
      killedAfterMs,
      restartMs,
      resumedMs: now - restartedAt,
      totalMs: now - startedAt,
      size: audience.size ?? 0,
    };
  } finally {
    after.close();
  }
}

/**
 * 300 subscriber searches (each a different text) sent at once on one viewer's socket, while the sampler
 * pings on the administrator's: how the 300 were answered and what the other user's pings saw meanwhile.
 */
async function searchBurst(label: string, server: ServerProcess, admin: AdminConnection): Promise<string[]> {
  const viewer = await signInAs(server, 'viewer@example.com', admin.organizationId);
  try {
    const send = caller(viewer);
    const { samples, value } = await sampledDuring(server, admin, async () => {
      const startedAt = performance.now();
      const outcomes = new Map<string, number>();
      const replies = Array.from({ length: BURST }, (_, index) =>
        send('query', {
          organizationId: admin.organizationId,
          query: { type: 'subscriber', search: String(1000 + index * 37) },
        }).then(
          () => 'results',
          (error: unknown) => (error instanceof CommandError ? error.type : messageOf(error)),
        ),
      );
      let timer: NodeJS.Timeout | undefined;
      const settled = await Promise.race([
        Promise.all(replies),
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PHASE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (!settled) throw new Error(`the burst was not answered within ${PHASE_TIMEOUT_MS / 60_000} minutes`);
      for (const outcome of settled) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      return { ms: performance.now() - startedAt, outcomes };
    });
    const counted = ['results', 'TooManyRequestsError', 'QueryTimeoutError'].map(
      (outcome) =>
        `${value.outcomes.get(outcome) ?? 0} ${outcome === 'results' ? 'answered results' : outcome}`,
    );
    for (const [outcome, count] of value.outcomes)
      if (!['results', 'TooManyRequestsError', 'QueryTimeoutError'].includes(outcome))
        counted.push(`${count} ${outcome}`);
    return [
      `${label}: ${BURST} subscriber searches sent at once by one viewer, all answered in ${seconds(value.ms)}: ${counted.join(', ')}`,
      ...samples.lines(`${label}: another user during the burst`),
    ];
  } finally {
    viewer.close();
  }
}

/** Round trips in milliseconds, and how many got an error or no answer at all. */
class Samples {
  readonly times: number[] = [];
  /** When each answered sample was sent (performance.now()), beside its round trip in `times`. */
  readonly sentAt: number[] = [];
  sent = 0;
  failed = 0;

  get unanswered(): number {
    return this.sent - this.times.length - this.failed;
  }

  describe(): string {
    const lost = [
      this.failed > 0 ? `${this.failed} failed` : '',
      this.unanswered > 0 ? `${this.unanswered} unanswered after ${SAMPLE_GRACE_MS / 1000} s` : '',
    ].filter(Boolean);
    return `${summary(this.times)} over ${this.times.length} samples${lost.length > 0 ? ` (${lost.join(', ')})` : ''}`;
  }

  /** The round trips of the samples sent between `from` and `to`. */
  within(from: number, to: number): string {
    return summary(this.times.filter((_, index) => this.sentAt[index]! >= from && this.sentAt[index]! < to));
  }
}

/** A stretch of a phase (e.g. the upload within the import) to print the round trips of separately. */
interface Window {
  name: string;
  from: number;
  to: number;
}

/** What the sampling client saw while `work` ran. */
interface Sampled<T> {
  value: T;
  samples: { lines(label: string, windows?: Window[]): string[] };
}

/**
 * Runs `work` while a client of its own sends `/healthz` and a `ping` every 50 ms, on schedule whether or not
 * the previous ones were answered (a stalled server shows as long round trips, not as fewer samples).
 */
async function sampledDuring<T>(
  server: ServerProcess,
  admin: AdminConnection,
  work: () => Promise<T>,
): Promise<Sampled<T>> {
  const socket = await open(`ws://127.0.0.1:${server.port}/uiv5`);
  const healthz = new Samples();
  const ping = new Samples();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const sample = (samples: Samples, roundTrip: () => Promise<unknown>) => {
    samples.sent += 1;
    const startedAt = performance.now();
    const done = roundTrip().then(
      () => {
        samples.times.push(performance.now() - startedAt);
        samples.sentAt.push(startedAt);
      },
      () => void (samples.failed += 1),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  try {
    // Authenticated as the web app's socket is: an anonymous organization socket is closed after 30 s.
    await call(socket, 'authenticateConnection', { organizationId: admin.organizationId, jwt: admin.token });
    const send = caller(socket);
    const sampling = (async () => {
      while (!stopped) {
        const tickAt = performance.now();
        sample(healthz, async () => {
          const response = await fetch(`${server.url}/healthz`, {
            signal: AbortSignal.timeout(PHASE_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
        });
        sample(ping, () => send('ping'));
        await sleep(Math.max(0, SAMPLE_INTERVAL_MS - (performance.now() - tickAt)));
      }
    })();
    let value: T;
    try {
      value = await work();
    } finally {
      stopped = true;
      await sampling;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(inFlight),
      new Promise((resolve) => (timer = setTimeout(resolve, SAMPLE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    return {
      value,
      samples: {
        lines: (label, windows = []) => [
          `${label}: /healthz ${healthz.describe()} ${GOAL}`,
          `${label}: ping ${ping.describe()} ${GOAL}`,
          ...windows.map(
            (window) =>
              `${label}, ${window.name} (${seconds(window.to - window.from)}): /healthz ${healthz.within(window.from, window.to)}; ping ${ping.within(window.from, window.to)}`,
          ),
        ],
      },
    };
  } finally {
    socket.close();
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
