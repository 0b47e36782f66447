import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../src/jobs/enqueue-job.ts';
import { JobRunner, jobTimings, type SystemJobHandler } from '../src/jobs/job-runner.ts';
import type { RepeatRule } from '@herald/protocol';
import { startTestHerald, type TestHerald } from './support/herald.ts';

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The job table as Herald's one scheduler: run_at and repeat rules, with runners of this test's own system
 * job kind (no other server sharing the database claims it), on PGlite or on the PostgreSQL of DATABASE_URL.
 */
describe('scheduler', () => {
  let herald: TestHerald;
  const kind = `schedulerTest-${randomUUID()}`;
  let runners: JobRunner[] = [];
  const heartbeatMs = jobTimings.heartbeatMs;

  beforeAll(async () => {
    // Claims are taken over below by making a heartbeat old; no heartbeat may renew it meanwhile.
    jobTimings.heartbeatMs = HOUR;
    herald = await startTestHerald();
  });
  afterEach(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    runners = [];
  });
  afterAll(async () => {
    await sql`UPDATE job SET status = 'cancelled' WHERE kind = ${kind} AND status = 'queued'`.execute(
      herald.database.db,
    );
    await herald.stop();
    jobTimings.heartbeatMs = heartbeatMs;
  });

  async function startRunner(handler: SystemJobHandler, concurrency = 2): Promise<JobRunner> {
    const { services } = herald;
    const runner = new JobRunner(
      herald.database,
      services.recordChanges,
      services.log,
      services.files,
      new Map(),
      concurrency,
    );
    runner.handleSystemJob(kind, handler);
    runners.push(runner);
    await runner.start();
    return runner;
  }

  const enqueue = (params: Record<string, unknown>, timing: { runAt?: Date; repeat?: RepeatRule } = {}) =>
    enqueueJob(herald.database.db, {
      organizationId: null,
      kind,
      name: 'test',
      params,
      createdBy: null,
      ...timing,
    });

  const jobs = () =>
    herald.database.db
      .selectFrom('job')
      .select(['id', 'status', 'run_at', 'repeat', 'params'])
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();

  async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(50);
    }
  }

  it('does not claim a job before its run_at', async () => {
    const ran: number[] = [];
    await startRunner(async (job) => {
      ran.push(job.id);
      return {};
    });
    const id = await enqueue({ case: 'later' }, { runAt: new Date(Date.now() + HOUR) });
    await sleep(3 * jobTimings.pollMs);
    expect((await jobs()).find((job) => job.id === id)?.status).toBe('queued');
    expect(ran).toEqual([]);
    await sql`UPDATE job SET run_at = now() - interval '1 second' WHERE id = ${id}`.execute(
      herald.database.db,
    );
    await waitUntil(async () => (await jobs()).find((job) => job.id === id)?.status === 'succeeded');
    expect(ran).toEqual([id]);
  });

  it('queues exactly one next occurrence of each repeating job, with two runners sharing the queue', async () => {
    const from = new Date(Date.now() - HOUR / 2);
    const repeat: RepeatRule = { every: 'hour', interval: 1, from: from.toISOString() };
    const ranBy = new Map<number, string[]>();
    const handler =
      (name: string): SystemJobHandler =>
      async (job) => {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), name]);
        await sleep(20);
        return {};
      };
    await startRunner(handler('first'));
    await startRunner(handler('second'));
    const ids: number[] = [];
    for (let n = 0; n < 8; n += 1) ids.push(await enqueue({ case: 'race', n }, { repeat }));
    await waitUntil(async () =>
      (await jobs()).filter((job) => ids.includes(job.id)).every((job) => job.status === 'succeeded'),
    );
    const next = (await jobs()).filter((job) => !ids.includes(job.id) && job.params.case === 'race');
    expect(next.map((job) => job.params.n).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const job of next) {
      expect(job).toMatchObject({ status: 'queued', repeat });
      expect(new Date(job.run_at).getTime()).toBe(from.getTime() + HOUR);
    }
    // Both runners took work.
    expect(new Set([...ranBy.values()].flat())).toEqual(new Set(['first', 'second']));
  });

  it('never starts a job again in the runner still running it, however old its heartbeat looks', async () => {
    // A statement that holds the embedded database for longer than staleAfterMs keeps the heartbeat from
    // being written; the runner must not then take its own job for another process's abandoned one.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let starts = 0;
    await startRunner(async () => {
      starts += 1;
      await held;
      return {};
    }, 2);
    const id = await enqueue({ case: 'own' });
    await waitUntil(async () => starts > 0);
    await sql`UPDATE job SET heartbeat_at = now() - interval '1 hour' WHERE id = ${id}`.execute(
      herald.database.db,
    );
    await sleep(3 * jobTimings.pollMs);
    release();
    expect(starts).toBe(1);
    await waitUntil(async () => (await jobs()).find((job) => job.id === id)?.status === 'succeeded');
  });

  it('queues the next occurrence once when a job is taken over from a runner that seemed dead', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstStarted = false;
    await startRunner(async () => {
      firstStarted = true;
      await held;
      return { by: 'first' };
    }, 1);
    const repeat: RepeatRule = { every: 'day', interval: 1, from: new Date(Date.now() - HOUR).toISOString() };
    const id = await enqueue({ case: 'takeover' }, { repeat });
    await waitUntil(async () => firstStarted);
    // The first runner's heartbeat looks old: another process takes the job over and finishes it.
    await sql`UPDATE job SET heartbeat_at = now() - interval '1 hour' WHERE id = ${id}`.execute(
      herald.database.db,
    );
    await startRunner(async () => ({ by: 'second' }), 1);
    await waitUntil(async () => (await jobs()).find((job) => job.id === id)?.status === 'succeeded');
    // The first runner finishes late: its outcome is refused, and it queues nothing.
    release();
    await sleep(3 * jobTimings.pollMs);
    const all = (await jobs()).filter((job) => job.params.case === 'takeover');
    expect(all.map((job) => job.status)).toEqual(['succeeded', 'queued']);
    const result = await herald.database.db
      .selectFrom('job')
      .select('result')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(result.result).toEqual({ by: 'second' });
  });
});
