import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextRunAt, scheduleCalculations } from '../src/calculations/calculation-schedule.ts';
import type { CalculatedRules } from '../src/calculations/calculated-field.ts';
import { addList, addMember, addSubscriber, calculatedRules, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

const HOUR = 3_600_000;

const calculation = (overrides: Partial<CalculatedRules>) =>
  calculatedRules({ startAt: '2189-01-01T06:00:00Z', rules: [{ value: 'a' }], ...overrides });

describe('calculation schedule', () => {
  it('runs the latest missed slot once, then the next slot; "once" runs once', () => {
    const created = new Date('2189-01-01T00:00:00Z');
    const next = (rules: Partial<CalculatedRules>, now: string, lastRunAt?: string) =>
      nextRunAt(
        calculation(rules),
        created,
        new Date(now),
        lastRunAt === undefined ? undefined : new Date(lastRunAt),
      )?.toISOString();
    expect(next({}, '2188-12-31T23:00:00Z')).toBe('2189-01-01T06:00:00.000Z');
    // Four days missed: the latest slot runs, once.
    expect(next({}, '2189-01-05T10:00:00Z', '2189-01-01T06:00:00Z')).toBe('2189-01-05T06:00:00.000Z');
    expect(next({}, '2189-01-05T10:00:00Z', '2189-01-05T06:00:00Z')).toBe('2189-01-06T06:00:00.000Z');
    expect(next({ frequency: 'monthly' }, '2189-01-05T10:00:00Z', '2189-01-01T06:00:00Z')).toBe(
      '2189-02-01T06:00:00.000Z',
    );
    expect(next({ frequency: 'once' }, '2189-01-05T10:00:00Z')).toBe('2189-01-01T06:00:00.000Z');
    expect(next({ frequency: 'once' }, '2189-01-05T10:00:00Z', '2189-01-01T06:00:00Z')).toBeUndefined();
  });
});

/** A calculated field's schedule is one queued 'calculation' job, kept in step with the field. */
describe('scheduled calculation jobs', () => {
  let herald: TestHerald;
  let organizationId: number;
  let manager: Awaited<ReturnType<typeof connectAs>>;
  let vip: number;
  let fieldCount = 0;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
    vip = await addList(herald, organizationId, 'VIP');
    for (const name of ['ann', 'ben'])
      await addMember(
        herald,
        organizationId,
        vip,
        await addSubscriber(herald, organizationId, { firstname: name }),
      );
  });
  afterAll(async () => {
    manager.close();
    await herald.stop();
  });

  async function write(
    data: Record<string, unknown>,
  ): Promise<{ id: number; version: number; field: string }> {
    const written = await manager.channel.call<{
      records: Array<{ id: number; version: number; field: string }>;
    }>('writeRecords', { organizationId, type: 'customField', data: [data] });
    return written.records[0]!;
  }

  async function calculatedField(rules: Partial<CalculatedRules>) {
    fieldCount += 1;
    return write({
      type: 'subscriber',
      field: `scheduled_${fieldCount}`,
      calculation: calculation({ target: `list ${vip}`, ...rules }),
    });
  }

  /** The field's calculation jobs, oldest first. */
  const jobsOf = (customFieldId: number) =>
    herald.database.db
      .selectFrom('job')
      .select(['id', 'organization_id', 'status', 'run_at', 'repeat', 'series', 'created_by'])
      .where('kind', '=', 'calculation')
      .where(sql<boolean>`params->>'customFieldId' = ${String(customFieldId)}`)
      .orderBy('id')
      .execute();
  const queued = async (customFieldId: number) =>
    (await jobsOf(customFieldId)).filter((job) => job.status === 'queued');

  it('queues one run at the first slot, moves it when the schedule changes, and cancels it when archived or deleted', async () => {
    const daily = await calculatedField({});
    const [first, ...others] = await jobsOf(daily.id);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      organization_id: organizationId,
      status: 'queued',
      series: `calculation:${daily.id}`,
      repeat: { every: 'day', interval: 1, from: '2189-01-01T06:00:00.000Z' },
      created_by: null,
    });
    expect(new Date(first!.run_at).toISOString()).toBe('2189-01-01T06:00:00.000Z');

    // Another schedule moves the same queued run; an edit that keeps it leaves the run where it is.
    let field = await write({
      id: daily.id,
      version: daily.version,
      calculation: calculation({
        target: `list ${vip}`,
        frequency: 'weekly',
        interval: 2,
        startAt: '2189-03-01T06:00:00Z',
      }),
    });
    field = await write({ id: field.id, version: field.version, description: 'every other week' });
    const [moved, ...none] = await jobsOf(daily.id);
    expect(none).toEqual([]);
    expect(moved).toMatchObject({ id: first!.id, status: 'queued', repeat: { every: 'week', interval: 2 } });
    expect(new Date(moved!.run_at).toISOString()).toBe('2189-03-01T06:00:00.000Z');

    // A run asked for does not move the schedule.
    await manager.channel.call('runCalculatedField', { organizationId, customFieldId: daily.id });
    const asked = (await jobsOf(daily.id)).find((job) => job.id !== first!.id);
    expect(asked).toMatchObject({ series: null, repeat: null });
    expect((await queued(daily.id)).filter((job) => job.series !== null).map((job) => job.id)).toEqual([
      first!.id,
    ]);

    field = await write({ id: field.id, version: field.version, isArchived: true });
    expect((await jobsOf(daily.id)).find((job) => job.id === first!.id)?.status).toBe('cancelled');
    field = await write({ id: field.id, version: field.version, isArchived: false });
    const [back] = (await queued(daily.id)).filter((job) => job.series !== null);
    expect(new Date(back!.run_at).toISOString()).toBe('2189-03-01T06:00:00.000Z');
    await write({ id: field.id, version: field.version, isDeleted: true });
    expect((await queued(daily.id)).filter((job) => job.series !== null)).toEqual([]);
  });

  it('runs a due slot once and queues exactly one next occurrence at the following slot', async () => {
    const startAt = new Date(Math.floor((Date.now() - 1.5 * HOUR) / 60_000) * 60_000);
    const hourly = await calculatedField({ frequency: 'hourly', startAt: startAt.toISOString() });
    // Two slots have passed; the latest is the one that runs. The field's first job is that run, whatever its
    // status by now: the job runner may already have claimed it (reading only queued jobs here was a race, seen
    // once on a loaded machine).
    const due = await vi.waitFor(
      async () => {
        const [first] = await jobsOf(hourly.id);
        if (!first) throw new Error(`no calculation job for field ${hourly.id}`);
        return first;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(new Date(due.run_at).getTime()).toBe(startAt.getTime() + HOUR);
    const deadline = Date.now() + 20_000;
    while ((await jobsOf(hourly.id)).find((job) => job.id === due.id)?.status !== 'succeeded') {
      if (Date.now() > deadline) throw new Error('the scheduled run did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const values = await sql<{ value: unknown }>`SELECT custom -> ${hourly.field} AS value FROM subscriber
      WHERE organization_id = ${organizationId} AND custom ? ${hourly.field}`.execute(herald.database.db);
    expect(values.rows.map((row) => row.value)).toEqual(['a', 'a']);
    const next = await queued(hourly.id);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ series: `calculation:${hourly.id}`, repeat: { every: 'hour' } });
    expect(new Date(next[0]!.run_at).getTime()).toBe(startAt.getTime() + 2 * HOUR);
  });

  it('retries a failed scheduled run as a run of its own, leaving the queued occurrence', async () => {
    const field = await calculatedField({});
    const [scheduled] = await queued(field.id);
    const failed = await herald.database.db
      .insertInto('job')
      .values({
        organization_id: organizationId,
        kind: 'calculation',
        status: 'failed',
        params: JSON.stringify({ customFieldId: field.id }),
        created_by: null,
        run_at: new Date(Date.now() - HOUR),
        repeat: JSON.stringify(scheduled!.repeat),
        series: scheduled!.series,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await manager.channel.call('retryJob', { organizationId, jobId: failed.id });
    const jobs = await jobsOf(field.id);
    expect(jobs.find((job) => job.id === failed.id)).toMatchObject({ series: null, repeat: null });
    expect(jobs.find((job) => job.id === scheduled!.id)).toMatchObject({
      status: 'queued',
      series: scheduled!.series,
    });
  });

  it('puts every calculated field on its schedule at start-up, once', async () => {
    const field = await calculatedField({});
    const [scheduled] = await queued(field.id);
    // As a database from before schedules were jobs: no queued run.
    await sql`DELETE FROM job WHERE id = ${scheduled!.id}`.execute(herald.database.db);
    await scheduleCalculations(herald.database.db);
    await scheduleCalculations(herald.database.db);
    const [again, ...more] = await queued(field.id);
    expect(more).toEqual([]);
    expect(new Date(again!.run_at).toISOString()).toBe('2189-01-01T06:00:00.000Z');
  });
});
