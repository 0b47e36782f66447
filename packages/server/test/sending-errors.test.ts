import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_RUN_JOB_KIND } from '../src/delivery/ledger.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

interface Groups {
  total: number;
  groups: Array<Record<string, unknown> & { count: number; sample: Record<string, unknown> }>;
}

/** getSendingErrors and retryDeliveries over deliveries written straight into the ledger. */
describe('sending errors', () => {
  let herald: TestHerald;
  let organizationId: number;
  let activityId: number;
  let runId: number;
  let otherRunId: number;
  const closers: Array<() => void> = [];

  const html = '<p>Hello</p>\n<p>{{ subscriber.firstName | upcase }}</p>\n<p>Bye</p>';
  const renderError = {
    message: 'undefined filter: upcase2',
    stage: 'render',
    part: 'html',
    line: 2,
    tag: '{{ subscriber.firstName | upcase2 }}',
    trace: 'Error: undefined filter\n    at render (liquid.js:1:1)',
  };
  const sendError = { message: 'Mailbox unavailable', stage: 'send', code: '550' };

  async function addDelivery(run: number, index: number, status: string, error?: object) {
    const db = herald.database.db;
    const subscriber = await db
      .insertInto('subscriber')
      .values({ organization_id: organizationId, email: `r${run}-${index}@errors.test` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel, status, attempts, error)
      VALUES (${organizationId}, ${run}, ${activityId}, ${subscriber.id}, 'email', ${status}, 3,
        ${error ? JSON.stringify(error) : null}::jsonb)`.execute(db);
    return subscriber.id;
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    // The ledger is read as the commands left it: no delivery worker takes the retried deliveries meanwhile.
    await herald.services.jobs.stop();
    organizationId = await createOrganization(herald, 'Error Emporium');
    const campaignId = await addCampaign(herald, organizationId);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'deployed');
    activityId = activity.id;
    const db = herald.database.db;
    await sql`UPDATE activity_revision SET content = ${JSON.stringify({
      schemaVersion: 3,
      channels: { email: { subject: 'Hello', html } },
    })}::jsonb WHERE id = ${activity.revisionId}`.execute(db);
    const addRun = async () =>
      Number(
        (
          await sql<{
            id: string;
          }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id, channel,
            status, recipients, sent, failed, finished_at)
          VALUES (${organizationId}, ${activityId}, ${activity.revisionId}, 'email', 'finished', 6, 1, 5, now())
          RETURNING id`.execute(db)
        ).rows[0]!.id,
      );
    runId = await addRun();
    otherRunId = await addRun();
    for (let index = 0; index < 3; index++) await addDelivery(runId, index, 'failed', renderError);
    await addDelivery(runId, 3, 'failed', sendError);
    await addDelivery(runId, 4, 'bounced', { message: 'User unknown', code: '550' });
    await addDelivery(runId, 5, 'sent');
    await addDelivery(otherRunId, 0, 'failed', sendError);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('groups failed deliveries, the largest first, with a sample and the template line', async () => {
    const reader = await connectAs(herald, organizationId, ['Database.Read']);
    closers.push(() => reader.close());
    const errors = await reader.channel.call<Groups>('getSendingErrors', { organizationId, activityId });
    expect(errors.total).toBe(5);
    expect(errors.groups).toHaveLength(2);
    const [render, send] = errors.groups;
    expect(render).toMatchObject({
      stage: 'render',
      message: 'undefined filter: upcase2',
      part: 'html',
      line: 2,
      tag: '{{ subscriber.firstName | upcase2 }}',
      count: 3,
      sample: {
        context: '<p>{{ subscriber.firstName | upcase }}</p>',
        trace: renderError.trace,
      },
    });
    expect(render!.sample.email).toMatch(/@errors\.test$/);
    expect(send).toMatchObject({ stage: 'send', message: 'Mailbox unavailable', code: '550', count: 2 });
    expect(send!.sample.context).toBeUndefined();

    const ofRun = await reader.channel.call<Groups>('getSendingErrors', {
      organizationId,
      activityId,
      runId: otherRunId,
    });
    expect(ofRun).toMatchObject({ total: 1, groups: [{ message: 'Mailbox unavailable', count: 1 }] });
    const unknown = await reader.channel.request('getSendingErrors', { organizationId, activityId: 999_999 });
    expect(unknown.error?.type).toBe('ActivityNotFoundError');
  });

  it('queues failed deliveries again for a deployer, reopening runs and the activity', async () => {
    const db = herald.database.db;
    const editor = await connectAs(herald, organizationId, ['Content.Edit']);
    const deployer = await connectAs(herald, organizationId, ['Content.Deploy']);
    closers.push(
      () => editor.close(),
      () => deployer.close(),
    );
    const refused = await editor.channel.request('retryDeliveries', { organizationId, activityId });
    expect(refused.error?.type).toBe('PrivilegesError');

    const retried = await deployer.channel.call<{ retried: number; runIds: number[] }>('retryDeliveries', {
      organizationId,
      activityId,
      runId,
    });
    expect(retried).toEqual({ retried: 4, runIds: [runId] });
    const rows = await sql<{ status: string; error: unknown; attempts: number; n: number }>`
      SELECT status, error, attempts, count(*)::integer AS n FROM delivery WHERE run_id = ${runId}
      GROUP BY status, error, attempts ORDER BY status`.execute(db);
    expect(rows.rows.find((row) => row.status === 'queued')).toMatchObject({
      n: 4,
      error: null,
      attempts: 3,
    });
    expect(rows.rows.find((row) => row.status === 'bounced')).toMatchObject({ n: 1 });
    const runs = await sql<{ id: string; status: string; failed: number; finished_at: Date | null }>`
      SELECT id, status, failed, finished_at FROM deployment_run WHERE activity_id = ${activityId} ORDER BY id`.execute(
      db,
    );
    expect(runs.rows.map((run) => [run.status, run.failed, run.finished_at])).toEqual([
      ['sending', 1, null],
      ['finished', 5, expect.any(Date)],
    ]);
    const jobs = await sql<{ params: { runId: number; worker: number } }>`SELECT params FROM job
      WHERE organization_id = ${organizationId} AND kind = ${DELIVERY_RUN_JOB_KIND}`.execute(db);
    expect(jobs.rows.length).toBeGreaterThan(0);
    expect(jobs.rows.every((job) => job.params.runId === runId)).toBe(true);
    const activity = await sql<{
      status: string;
    }>`SELECT status FROM activity WHERE id = ${activityId}`.execute(db);
    expect(activity.rows[0]!.status).toBe('deploying');
    const log = await sql<{ action: string; from_status: string; to_status: string; details: unknown }>`
      SELECT action, from_status, to_status, details FROM workflow_event
      WHERE activity_id = ${activityId} AND action = 'deliveriesRetried'`.execute(db);
    expect(log.rows).toEqual([
      {
        action: 'deliveriesRetried',
        from_status: 'deployed',
        to_status: 'deploying',
        details: { retried: 4, runIds: [runId] },
      },
    ]);

    const again = await deployer.channel.request('retryDeliveries', { organizationId, activityId, runId });
    expect(again.error?.type).toBe('ValidationError');
    expect(JSON.stringify(again.error)).toContain('activityId');
    const theRest = await deployer.channel.call<{ retried: number; runIds: number[] }>('retryDeliveries', {
      organizationId,
      activityId,
    });
    expect(theRest).toEqual({ retried: 1, runIds: [otherRunId] });
  });
});
