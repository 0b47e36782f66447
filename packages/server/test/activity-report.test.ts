import { twoProportionPValue, type ActivityReport } from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * getActivityReport after a known sequence of events, written straight into the ledger and the
 * subscribers' histories as the engine, the tracking routes and the bounce handling write them.
 */
describe('activity report', () => {
  let herald: TestHerald;
  let organizationId: number;
  let activityId: number;
  let runOne: number;
  let runTwo: number;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  let t0: number;
  const closers: Array<() => void> = [];

  const at = (minutes: number) => new Date(t0 + minutes * MINUTE);

  async function addRun(activity: number, startedAt: Date): Promise<number> {
    const { rows } = await sql<{ id: string }>`INSERT INTO deployment_run
      (organization_id, activity_id, revision_id, channel, status, started_at)
      SELECT ${organizationId}, ${activity}, latest_revision_id, 'email', 'finished', ${startedAt}
      FROM activity WHERE id = ${activity} RETURNING id`.execute(herald.database.db);
    return Number(rows[0]!.id);
  }

  async function addDelivery(
    run: number,
    activity: number,
    subscriberId: number,
    status: string,
    variation: number,
    sentAt: Date | null,
  ): Promise<string> {
    const { rows } = await sql<{ id: string }>`INSERT INTO delivery
      (organization_id, run_id, activity_id, subscriber_id, channel, status, variation, sent_at)
      VALUES (${organizationId}, ${run}, ${activity}, ${subscriberId}, 'email', ${status}, ${variation}, ${sentAt})
      RETURNING id`.execute(herald.database.db);
    return rows[0]!.id;
  }

  async function addEvent(
    subscriberId: number,
    kind: string,
    occurredAt: Date,
    details: Record<string, unknown>,
    activity = activityId,
  ): Promise<void> {
    await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, occurred_at, activity_id, details)
      VALUES (${organizationId}, ${subscriberId}, ${kind}, ${occurredAt}, ${activity},
        ${JSON.stringify(details)}::jsonb)`.execute(herald.database.db);
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Report Rooms');
    north = await addPartition(herald, organizationId, 'North');
    south = await addPartition(herald, organizationId, 'South');
    const campaignId = await addCampaign(herald, organizationId);
    activityId = (
      await activityInStatus(herald, organizationId, campaignId, 'deployed', {
        partitionIds: [north.partitionId, south.partitionId],
      })
    ).id;
    t0 = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
    runOne = await addRun(activityId, at(0));
    runTwo = await addRun(activityId, at(100));
    await sql`INSERT INTO tracked_link (run_id, idx, url) VALUES (${runOne}, 0, 'https://example.com/a'),
      (${runOne}, 1, 'https://example.com/b'), (${runOne}, 2, 'https://example.com/c')`.execute(
      herald.database.db,
    );
    const n = [north.partitionId];
    const s = [south.partitionId];
    const partitionsOf = [n, n, n, n, s, s, s, [...n, ...s], [], []];
    const subscribers: number[] = [];
    for (const partitionIds of partitionsOf)
      subscribers.push(await addSubscriber(herald, organizationId, { partitionIds }));
    const [s1, s2, s3, s4, s5, s6, s7, s8, s9, s10] = subscribers as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const plan: Array<[number, string, number, Date | null]> = [
      [s1, 'sent', 0, at(10)],
      [s2, 'sent', 0, at(10)],
      [s3, 'sent', 1, at(10)],
      [s4, 'bounced', 1, at(10)],
      [s5, 'failed', 0, null],
      [s6, 'suppressed', 0, null],
      [s7, 'queued', 1, null],
      [s8, 'sending', 0, null],
      [s9, 'sent', 1, at(70)],
      [s10, 'sent', 0, at(70)],
    ];
    const delivery = new Map<number, string>();
    for (const [subscriber, status, variation, sentAt] of plan)
      delivery.set(subscriber, await addDelivery(runOne, activityId, subscriber, status, variation, sentAt));
    const again = await addDelivery(runTwo, activityId, s1, 'sent', 0, at(100));
    const of = (subscriber: number) => ({ deliveryId: delivery.get(subscriber)! });
    const events: Array<[number, string, number, Record<string, unknown>]> = [
      [s4, 'bounced', 12, { ...of(s4), type: 'hard' }],
      [s1, 'delivered', 15, of(s1)],
      [s2, 'delivered', 15, of(s2)],
      [s3, 'delivered', 15, of(s3)],
      [s1, 'opened', 20, { ...of(s1), machine: false }],
      [s3, 'opened', 20, { ...of(s3), machine: true }],
      [s2, 'opened', 25, { ...of(s2), machine: false }],
      [s1, 'clicked', 30, { ...of(s1), url: 'https://example.com/a', linkIndex: 0 }],
      [s2, 'clicked', 30, { ...of(s2), url: 'https://example.com/a', linkIndex: 0 }],
      [s10, 'bounced', 72, { ...of(s10), type: 'soft' }],
      [s9, 'delivered', 75, of(s9)],
      [s1, 'opened', 80, { ...of(s1), machine: false }],
      [s9, 'opened', 80, { ...of(s9), machine: false }],
      [s1, 'clicked', 85, { ...of(s1), url: 'https://example.com/a', linkIndex: 0 }],
      [s1, 'clicked', 86, { ...of(s1), url: 'https://example.com/b', linkIndex: 1 }],
      [s9, 'clicked', 90, { ...of(s9), url: 'https://example.com/b', linkIndex: 1 }],
      [s2, 'unsubscribed', 95, { ...of(s2), scope: 'list' }],
      [s2, 'unsubscribed', 96, { ...of(s2), scope: 'all' }],
      [s9, 'complained', 100, { ...of(s9), feedbackType: 'abuse' }],
      [s1, 'opened', 105, { deliveryId: again, machine: false }],
      [s1, 'purchased', 110, { orderId: 'A-1', amount: 25 }],
      // Not this report's: a send (counted from the ledger) and another activity's open.
      [s1, 'sent', 10, of(s1)],
    ];
    for (const [subscriber, kind, minutes, details] of events)
      await addEvent(subscriber, kind, at(minutes), details);
    await addEvent(s1, 'opened', at(30), { machine: false }, activityId + 1000);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  async function reader(partitionSets: number[] = []) {
    const connection = await connectAs(herald, organizationId, ['Database.Read'], partitionSets);
    closers.push(() => connection.close());
    return connection.channel;
  }

  const report = async (channel: Awaited<ReturnType<typeof reader>>, params: Record<string, unknown> = {}) =>
    channel.call<ActivityReport>('getActivityReport', { organizationId, activityId, ...params });

  it('counts every figure of a known sequence of events', async () => {
    const figures = await report(await reader());
    expect(figures).toMatchObject({
      recipients: 11,
      sent: 7,
      failed: 1,
      bounced: 1,
      suppressed: 1,
      queued: 2,
      delivered: 4,
      opens: 5,
      uniqueOpens: 3,
      machineOpens: 1,
      clicks: 5,
      uniqueClicks: 3,
      unsubscribes: 1,
      complaints: 1,
      conversions: 1,
    });
    expect(figures.rates.delivered).toBeCloseTo(4 / 7, 12);
    expect(figures.rates.open).toBeCloseTo(3 / 7, 12);
    expect(figures.rates.click).toBeCloseTo(3 / 7, 12);
    expect(figures.rates.unsubscribe).toBeCloseTo(1 / 7, 12);
    expect(figures.rates.bounce).toBeCloseTo(1 / 7, 12);
    expect(figures.links).toEqual([
      { index: 0, url: 'https://example.com/a', clicks: 3, uniqueClicks: 2 },
      { index: 1, url: 'https://example.com/b', clicks: 2, uniqueClicks: 2 },
      { index: 2, url: 'https://example.com/c', clicks: 0, uniqueClicks: 0 },
    ]);
    expect(figures.runs.map((run) => run.id)).toEqual([runOne, runTwo]);
  });

  it('compares the variations and marks no winner when the difference is not significant', async () => {
    const { variations } = await report(await reader());
    expect(variations).toEqual([
      {
        variation: 0,
        name: '',
        sent: 4,
        uniqueOpens: 2,
        uniqueClicks: 2,
        openRate: 0.5,
        clickRate: 0.5,
        winner: false,
        pValue: twoProportionPValue({ successes: 2, trials: 4 }, { successes: 1, trials: 3 }),
      },
      {
        variation: 1,
        name: '',
        sent: 3,
        uniqueOpens: 1,
        uniqueClicks: 1,
        openRate: 1 / 3,
        clickRate: 1 / 3,
        winner: false,
        pValue: twoProportionPValue({ successes: 2, trials: 4 }, { successes: 1, trials: 3 }),
      },
    ]);
  });

  it('breaks the figures down by partition, head office first', async () => {
    const { partitions } = await report(await reader());
    expect(partitions).toEqual([
      { partitionId: null, name: '', sent: 2, uniqueOpens: 1, uniqueClicks: 1, unsubscribes: 0, bounced: 0 },
      {
        partitionId: north.partitionId,
        name: 'North',
        sent: 5,
        uniqueOpens: 2,
        uniqueClicks: 2,
        unsubscribes: 1,
        bounced: 1,
      },
      {
        partitionId: south.partitionId,
        name: 'South',
        sent: 0,
        uniqueOpens: 0,
        uniqueClicks: 0,
        unsubscribes: 0,
        bounced: 0,
      },
    ]);
  });

  it('buckets the series by hour in the first 72 hours, every bucket present', async () => {
    const figures = await report(await reader());
    expect(figures.interval).toBe('hour');
    expect(figures.from).toBe(at(0).toISOString());
    const zero = {
      delivered: 0,
      opens: 0,
      uniqueOpens: 0,
      clicks: 0,
      unsubscribes: 0,
      bounced: 0,
      complaints: 0,
    };
    expect(figures.series.slice(0, 3)).toEqual([
      {
        date: at(0).toISOString(),
        sent: 4,
        delivered: 3,
        opens: 2,
        uniqueOpens: 2,
        clicks: 2,
        unsubscribes: 0,
        bounced: 1,
        complaints: 0,
      },
      {
        date: at(60).toISOString(),
        sent: 3,
        delivered: 1,
        opens: 3,
        uniqueOpens: 2,
        clicks: 3,
        unsubscribes: 1,
        bounced: 0,
        complaints: 1,
      },
      { date: at(120).toISOString(), sent: 0, ...zero },
    ]);
    // The hour may turn while the test runs: any later bucket is empty.
    for (const point of figures.series.slice(3)) expect(point).toMatchObject({ sent: 0, ...zero });
  });

  it('buckets by day over a range asked for, and the buckets add up to the totals', async () => {
    const day = 86_400_000;
    const firstDay = Math.floor(t0 / day) * day - day;
    const figures = await report(await reader(), {
      from: new Date(firstDay).toISOString(),
      to: new Date(firstDay + 2 * day).toISOString(),
      interval: 'day',
    });
    expect(figures.series.map((point) => point.date)).toEqual(
      [0, 1, 2].map((days) => new Date(firstDay + days * day).toISOString()),
    );
    expect(figures.series[0]).toMatchObject({ sent: 0, opens: 0 });
    const sum = (metric: 'sent' | 'opens' | 'clicks' | 'delivered' | 'complaints') =>
      figures.series.reduce((total, point) => total + point[metric], 0);
    expect([sum('sent'), sum('opens'), sum('clicks'), sum('delivered'), sum('complaints')]).toEqual([
      7, 5, 5, 4, 1,
    ]);
  });

  it('narrows the report to one run', async () => {
    const second = await report(await reader(), { runId: runTwo });
    expect(second).toMatchObject({
      recipients: 1,
      sent: 1,
      opens: 1,
      uniqueOpens: 1,
      clicks: 0,
      conversions: 1,
    });
    expect(second.runs.map((run) => run.id)).toEqual([runTwo]);
    const first = await report(await reader(), { runId: runOne });
    expect(first).toMatchObject({
      recipients: 10,
      sent: 6,
      opens: 4,
      uniqueOpens: 3,
      clicks: 5,
      delivered: 4,
    });
  });

  it('keeps a partition-restricted user to their partitions’ subscribers and activities', async () => {
    const northern = await report(await reader([north.setId]));
    expect(northern).toMatchObject({
      recipients: 6,
      sent: 5,
      bounced: 1,
      queued: 1,
      failed: 0,
      suppressed: 0,
      delivered: 3,
      opens: 4,
      uniqueOpens: 2,
      machineOpens: 1,
      clicks: 4,
      uniqueClicks: 2,
      unsubscribes: 1,
      complaints: 0,
      conversions: 1,
    });
    expect(northern.partitions.map((partition) => partition.name)).toEqual(['North']);
    const west = await addPartition(herald, organizationId, 'West');
    const refused = await (
      await reader([west.setId])
    ).request('getActivityReport', { organizationId, activityId });
    expect(refused.error?.type).toBe('ActivityNotFoundError');
  });

  it('marks the winning variation when its click rate is significantly better', async () => {
    const campaignId = await addCampaign(herald, organizationId);
    const tested = (await activityInStatus(herald, organizationId, campaignId, 'deployed')).id;
    await sql`UPDATE activity_revision SET content = jsonb_set(content, '{channels,email,variations}',
        '[{"id": "bold", "name": "Bold subject", "subject": "Now!"}]')
      WHERE activity_id = ${tested}`.execute(herald.database.db);
    const run = await addRun(tested, at(0));
    const db = herald.database.db;
    // 200 recipients of each version; 20 of the original's click, 60 of the variation's.
    await sql`WITH added AS (
        INSERT INTO subscriber (organization_id, email, custom, extra, scores)
        SELECT ${organizationId}, 'ab' || n || '@example.test', '{}', '{}', '{}' FROM generate_series(1, 400) n
        RETURNING id),
      numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM added)
      INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel, status, variation, sent_at)
      SELECT ${organizationId}, ${run}, ${tested}, id, 'email', 'sent', CASE WHEN n <= 200 THEN 0 ELSE 1 END,
        ${at(5)} FROM numbered`.execute(db);
    await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, occurred_at, activity_id, details)
      SELECT organization_id, subscriber_id, 'clicked', ${at(30)}, activity_id,
        jsonb_build_object('deliveryId', id::text, 'url', 'https://example.com/a', 'linkIndex', 0)
      FROM (SELECT *, row_number() OVER (PARTITION BY variation ORDER BY id) AS n FROM delivery
        WHERE run_id = ${run}) d
      WHERE (variation = 0 AND n <= 20) OR (variation = 1 AND n <= 60)`.execute(db);
    const { variations } = await (
      await reader()
    ).call<ActivityReport>('getActivityReport', {
      organizationId,
      activityId: tested,
    });
    expect(
      variations.map(({ variation, name, sent, uniqueClicks, winner }) => ({
        variation,
        name,
        sent,
        uniqueClicks,
        winner,
      })),
    ).toEqual([
      { variation: 0, name: '', sent: 200, uniqueClicks: 20, winner: false },
      { variation: 1, name: 'Bold subject', sent: 200, uniqueClicks: 60, winner: true },
    ]);
    expect(variations[1]!.pValue).toBeLessThan(0.05);
  });

  it('answers the catalogue’s errors for wrong params', async () => {
    const channel = await reader();
    const error = async (params: Record<string, unknown>) =>
      (await channel.request('getActivityReport', { organizationId, activityId, ...params })).error;
    expect((await error({ activityId: 'abc' }))?.type).toBe('ActivityIdNotValidError');
    expect((await error({ activityId: 999_999 }))?.type).toBe('ActivityNotFoundError');
    expect((await error({ runId: 999_999 }))?.type).toBe('NotFoundError');
    const reversed = await error({ from: at(60).toISOString(), to: at(0).toISOString() });
    expect(reversed).toMatchObject({
      type: 'ValidationError',
      details: [expect.objectContaining({ path: 'from' })],
    });
    expect((await error({ interval: 'week' }))?.type).toBe('ValidationError');
    const tooLong = await error({ from: '2000-02-01T00:00:00Z', interval: 'hour' });
    expect(tooLong).toMatchObject({
      type: 'ValidationError',
      details: [expect.objectContaining({ path: 'from' })],
    });
  });
});
