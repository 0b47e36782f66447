import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

/**
 * The workflow log entries made by paths with no step after their commit are pushed with the commit itself
 * (live/record-changes.ts announceOnCommit): the approval reset of a writeRecords of the target or date, and the
 * return to approved when a deployment's job is cancelled from the job list.
 */
describe('workflow entries pushed with their commit', () => {
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let watcher: ChannelClient;
  let deployer: ChannelClient;
  const closers: Array<() => void> = [];

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Live Laundry');
    campaignId = await addCampaign(herald, organizationId);
    const watching = await connectAs(herald, organizationId, ['Database.Read']);
    const deploying = await connectAs(herald, organizationId, ['Content.Edit', 'Content.Deploy']);
    closers.push(
      () => watching.close(),
      () => deploying.close(),
    );
    watcher = watching.channel;
    deployer = deploying.channel;
    await watcher.call('addSubscription', { organizationId, query: { type: 'workflowEvent' } });
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('pushes the approval reset of a new date', async () => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approved');
    const pushed = watcher.nextPush('workflow', 5_000);
    const written = await deployer.request('writeRecords', {
      organizationId,
      type: 'activity',
      data: [{ id: activity.id, version: activity.version, date: '2031-05-01T09:00:00.000Z' }],
    });
    expect(written.error).toBeUndefined();
    expect((await pushed).data).toMatchObject({
      activityId: activity.id,
      action: 'approvalReset',
      status: 'draft',
    });
  });

  it('pushes the return to approved when the deployment job is cancelled from the job list', async () => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'scheduled');
    const job = await sql<{
      id: number;
    }>`SELECT deployment_job_id AS id FROM activity WHERE id = ${activity.id}`.execute(herald.database.db);
    const pushed = watcher.nextPush('workflow', 5_000);
    const cancelled = await deployer.request('cancelJob', { organizationId, jobId: job.rows[0]!.id });
    expect(cancelled.error).toBeUndefined();
    expect((await pushed).data).toMatchObject({
      activityId: activity.id,
      action: 'queueCancel',
      status: 'approved',
    });
  });
});
