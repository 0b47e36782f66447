import { nextOccurrence, wallTimeAt } from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

/** The server with the test's checks engine: its results only drive the status. */
const areas = areasWithSubjectChecks;

/**
 * Scheduling (docs/workflow.md § Scheduling): deployments queued by distribution in the
 * organization's time zone, repeating runs, the send limit at run time, and the throttle ceiling of the
 * organization config.
 */
describe('scheduling deployments', () => {
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let deployer: ChannelClient;
  const closers: Array<() => void> = [];
  const db = () => herald.database.db;

  const act = (activityId: number, action: string, params: Record<string, unknown> = {}) =>
    deployer.request('workflow', { organizationId, activityId, action, ...params });
  const statusOf = async (activityId: number) =>
    (
      await db()
        .selectFrom('activity')
        .select('status')
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).status;
  const logOf = async (activityId: number) =>
    (
      await sql<{ action: string; comment: string | null; details: Record<string, unknown> }>`
        SELECT action, comment, details FROM workflow_event WHERE activity_id = ${activityId} ORDER BY id`.execute(
        db(),
      )
    ).rows;
  const jobsOf = async (activityId: number) =>
    (
      await sql<{
        id: number;
        status: string;
        run_at: Date;
        repeat: Record<string, unknown> | null;
        series: string;
      }>`
        SELECT id, status, run_at, repeat, series FROM job WHERE kind = 'activityDeployment'
          AND params ->> 'activityId' = ${String(activityId)} ORDER BY id`.execute(db())
    ).rows;
  const setSettings = (settings: Record<string, unknown>) =>
    sql`UPDATE organization SET settings = ${JSON.stringify(settings)}::jsonb WHERE id = ${organizationId}`.execute(
      db(),
    );
  /** An approved activity with a passing check, distributed as given, targeting `target`. */
  const approved = async (distribution: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const { id } = await activityInStatus(herald, organizationId, campaignId, 'approved');
    await sql`UPDATE activity SET distribution = ${JSON.stringify(distribution)}::jsonb,
        send_limit = ${(extra.sendLimit as number | undefined) ?? null}, target = ${(extra.target as string | undefined) ?? null}
      WHERE id = ${id}`.execute(db());
    return id;
  };

  beforeAll(async () => {
    herald = await startTestHerald({}, { areas });
    organizationId = await createOrganization(herald, 'Sakura Tea');
    campaignId = await addCampaign(herald, organizationId);
    const connection = await connectAs(herald, organizationId, ['Content.Deploy']);
    closers.push(() => connection.close());
    deployer = connection.channel;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('repeats a daily schedule at the same wall-clock time of the organization, run after run', async () => {
    await setSettings({ timeZone: 'America/New_York' });
    const id = await approved({ type: 'scheduled', interval: 'daily' });
    const at = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const reply = await act(id, 'queueSchedule', { at: at.toISOString() });
    expect(reply.error).toBeUndefined();
    const [job] = await jobsOf(id);
    const rule = { every: 'day', interval: 1, from: at.toISOString(), timeZone: 'America/New_York' } as const;
    expect(job).toMatchObject({ status: 'queued', series: `deployment:${id}`, repeat: rule });
    expect(job!.run_at.toISOString()).toBe(at.toISOString());

    // The first run starts the deployment when due and queues the next at the same New York time tomorrow.
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('deploying');
    await expect.poll(async () => (await jobsOf(id)).length, { timeout: 15_000 }).toBe(2);
    const next = (await jobsOf(id))[1]!;
    expect(next.status).toBe('queued');
    expect(next.run_at.toISOString()).toBe(nextOccurrence(rule, new Date()).toISOString());
    expect(wallTimeAt(next.run_at, 'America/New_York')).toMatchObject(
      (({ hour, minute, second }) => ({ hour, minute, second }))(wallTimeAt(at, 'America/New_York')),
    );

    // The second run finds it deploying and logs a run, without moving it.
    await sql`UPDATE job SET run_at = now() WHERE id = ${next.id}`.execute(db());
    herald.services.jobs.poke();
    await expect
      .poll(async () => (await logOf(id)).map((entry) => entry.action).filter((a) => a !== 'checkFinished'), {
        timeout: 15_000,
      })
      .toEqual(['queueSchedule', 'deploymentStarted', 'deploymentRun']);
    expect(await statusOf(id)).toBe('deploying');

    // Suspending ends the series; resuming queues it again at its next wall-clock time, not now.
    expect((await act(id, 'suspend')).error).toBeUndefined();
    const afterSuspend = await jobsOf(id);
    expect(afterSuspend.filter((row) => row.status === 'queued')).toHaveLength(0);
    expect((await act(id, 'resume')).error).toBeUndefined();
    const resumed = (await jobsOf(id)).filter((row) => row.status === 'queued');
    expect(resumed).toHaveLength(1);
    expect(resumed[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(resumed[0]!.repeat).toMatchObject({ from: at.toISOString() });
    expect(resumed[0]!.run_at.toISOString()).toBe(nextOccurrence(rule, new Date()).toISOString());
  });

  it('keeps the wall-clock time of a schedule whose first date has passed, and of one deployed now', async () => {
    await setSettings({ timeZone: 'Asia/Jakarta' });
    // 09:00 in Jakarta three days ago.
    const date = new Date(Date.UTC(2026, 0, 1, 2, 0, 0));
    date.setUTCFullYear(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 3);
    const rule = { every: 'day', interval: 1, from: date.toISOString(), timeZone: 'Asia/Jakarta' } as const;
    const scheduled = await approved({ type: 'scheduled', interval: 'daily' });
    await sql`UPDATE activity SET date = ${date} WHERE id = ${scheduled}`.execute(db());
    expect((await act(scheduled, 'queueSchedule')).error).toBeUndefined();
    const [queued] = await jobsOf(scheduled);
    expect(queued!.repeat).toMatchObject(rule);
    expect(queued!.run_at.toISOString()).toBe(nextOccurrence(rule, new Date()).toISOString());
    expect(wallTimeAt(queued!.run_at, 'Asia/Jakarta')).toMatchObject({ hour: 9, minute: 0 });

    // Deployed now: the first run is at once, and the next at 09:00 Jakarta again.
    const deployed = await approved({ type: 'scheduled', interval: 'daily' });
    await sql`UPDATE activity SET date = ${date} WHERE id = ${deployed}`.execute(db());
    expect((await act(deployed, 'queueDeploy')).error).toBeUndefined();
    await expect.poll(() => statusOf(deployed), { timeout: 15_000 }).toBe('deploying');
    await expect.poll(async () => (await jobsOf(deployed)).length, { timeout: 15_000 }).toBe(2);
    const next = (await jobsOf(deployed))[1]!;
    expect(wallTimeAt(next.run_at, 'Asia/Jakarta')).toMatchObject({ hour: 9, minute: 0 });
    await setSettings({});
  });

  it('aborts a broadcast whose recipients exceed its send limit when it starts, with the reason in the log', async () => {
    await setSettings({});
    const list = await db()
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Tea lovers', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const email of ['a@sakura.test', 'b@sakura.test', 'c@sakura.test']) {
      const subscriber = await db()
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('list_membership')
        .values({ list_id: list.id, subscriber_id: subscriber.id, organization_id: organizationId })
        .execute();
    }
    const target = `list ${list.id}`;
    const tooMany = await approved({ type: 'broadcast' }, { sendLimit: 2, target });
    const fits = await approved({ type: 'broadcast' }, { sendLimit: 3, target });
    expect((await act(tooMany, 'queueDeploy')).error).toBeUndefined();
    expect((await act(fits, 'queueDeploy')).error).toBeUndefined();
    await expect.poll(() => statusOf(tooMany), { timeout: 15_000 }).toBe('failed');
    // It starts, and its run (with no relay here, every delivery failed) then finishes the broadcast.
    await expect.poll(() => statusOf(fits), { timeout: 15_000 }).toMatch(/^deploy(ing|ed)$/);
    const aborted = (await logOf(tooMany)).at(-1)!;
    expect(aborted.action).toBe('deploymentAborted');
    expect(aborted.comment).toContain('send limit');
    expect(aborted.details).toMatchObject({ recipients: 3, sendLimit: 2, error: 'SendLimitExceededError' });
    expect((await logOf(fits)).find((entry) => entry.action === 'deploymentStarted')).toMatchObject({
      action: 'deploymentStarted',
      details: { recipients: 3 },
    });
    // Who queued each hears of it: a start, and a failure (written just after the job's commit).
    const notices = async () =>
      (
        await sql<{
          message_key: string;
          kind: string;
        }>`SELECT message_key, kind FROM user_notification
          WHERE organization_id = ${organizationId} AND kind = 'sends' AND record_id IN (${String(tooMany)}, ${String(fits)})
          ORDER BY message_key`.execute(db())
      ).rows;
    await expect.poll(notices, { timeout: 15_000 }).toEqual([
      { message_key: 'activityDeploymentFailed', kind: 'sends' },
      { message_key: 'activityDeploymentStarted', kind: 'sends' },
    ]);
  });

  it('ends a repeating schedule aborted past its send limit: no further run is queued', async () => {
    const list = await db()
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Big list', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const email of ['x@sakura.test', 'y@sakura.test']) {
      const subscriber = await db()
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('list_membership')
        .values({ list_id: list.id, subscriber_id: subscriber.id, organization_id: organizationId })
        .execute();
    }
    const id = await approved(
      { type: 'scheduled', interval: 'hourly' },
      { sendLimit: 1, target: `list ${list.id}` },
    );
    expect((await act(id, 'queueDeploy')).error).toBeUndefined();
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('failed');
    await expect
      .poll(async () => (await jobsOf(id)).map((job) => job.status), { timeout: 15_000 })
      .toEqual(['succeeded']);
  });

  it('caps the throttle by the organization config for the channel', async () => {
    await setSettings({ maxThrottlePerActivityType: { email: 500 } });
    const id = await approved({ type: 'broadcast' });
    const over = await act(id, 'updateThrottle', { perMinute: 501 });
    expect(over.error).toMatchObject({ type: 'MaxSendRateError' });
    expect(over.error?.message).toContain('500');
    expect((await act(id, 'updateThrottle', { perMinute: 500 })).error).toBeUndefined();
    await setSettings({});
    expect((await act(id, 'updateThrottle', { perMinute: 60_000 })).error).toBeUndefined();
    expect((await act(id, 'updateThrottle', { perMinute: 60_001 })).error).toMatchObject({
      type: 'MaxSendRateError',
    });
  });
});
