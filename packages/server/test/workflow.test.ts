import {
  ACTIVITY_STATUSES,
  CHECK_OUTCOMES,
  WORKFLOW_ACTIONS,
  workflowTransition,
  type ActivityStatus,
  type WorkflowAction,
} from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

interface Activity {
  id: number;
  status: ActivityStatus;
  version: number;
  latestRevisionId: number | null;
  throttle: number | null;
}
interface WorkflowReply {
  activity: Activity;
  eventId?: number;
  checks?: Array<{ name: string; status: string }>;
  actions?: string[];
  participants?: Array<{ userId: number; email: string }>;
  jobId?: number;
}

/** The server with the test's checks engine in place of the real one: its results only drive the status. */
const areas = areasWithSubjectChecks;

describe('the activity workflow', () => {
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let admin: ChannelClient;
  let member: { id: number; email: string };
  const closers: Array<() => void> = [];
  const connect = async (roles: string[]) => {
    const connection = await connectAs(herald, organizationId, roles);
    closers.push(() => connection.close());
    return connection;
  };
  const act = (
    client: ChannelClient,
    activityId: number,
    action: string,
    params: Record<string, unknown> = {},
  ) => client.request('workflow', { organizationId, activityId, action, ...params });
  const done = async (client: ChannelClient, activityId: number, action: string, params = {}) => {
    const reply = await act(client, activityId, action, params);
    expect(reply.error, `${action}: ${JSON.stringify(reply.error)}`).toBeUndefined();
    return reply.result as WorkflowReply;
  };
  const statusOf = async (activityId: number) =>
    (
      await herald.database.db
        .selectFrom('activity')
        .select('status')
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).status;
  const log = async (activityId: number) =>
    (
      await admin.call<{
        records: Array<{
          action: string;
          fromStatus: string;
          toStatus: string;
          by: number | null;
          comment: string | null;
          details: Record<string, unknown>;
        }>;
      }>('query', { organizationId, query: { type: 'workflowEvent', filter: { activityId } }, limit: 100 })
    ).records;

  beforeAll(async () => {
    herald = await startTestHerald({}, { areas });
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    campaignId = await addCampaign(herald, organizationId);
    admin = (await connect(['System.Admin'])).channel;
    member = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  /** The params each action needs to be carried out when the table allows it. */
  const paramsOf = async (action: WorkflowAction, activityId: number): Promise<Record<string, unknown>> => {
    switch (action) {
      case 'comment':
        return { text: 'Looks good' };
      case 'addParticipant':
        return { email: member.email };
      case 'removeParticipant':
        await sql`INSERT INTO activity_participant (organization_id, activity_id, user_id)
          VALUES (${organizationId}, ${activityId}, ${member.id})`.execute(herald.database.db);
        return { userId: member.id };
      case 'updateThrottle':
        return { perMinute: 500 };
      case 'proof':
        return { emails: ['proofs@harbour.test'] };
      case 'queueSchedule':
        return { at: new Date(Date.now() + 86_400_000).toISOString() };
      default:
        return {};
    }
  };

  describe('the transition table, every action from every status, through the command', () => {
    const cells = WORKFLOW_ACTIONS.flatMap((action) =>
      ACTIVITY_STATUSES.map((from) => [action, from] as const),
    );
    it.each(cells)('%s from %s', async (action, from) => {
      const activity = await activityInStatus(herald, organizationId, campaignId, from);
      const reply = await act(admin, activity.id, action, await paramsOf(action, activity.id));
      const to = workflowTransition(action, from);
      if (to === undefined) {
        expect(reply.error?.type).toBe('WorkflowTransitionError');
        expect(await statusOf(activity.id)).toBe(from);
        return;
      }
      expect(reply.error, JSON.stringify(reply.error)).toBeUndefined();
      const expected = action === 'check' ? CHECK_OUTCOMES.pass : to;
      expect((reply.result as WorkflowReply).activity.status).toBe(expected);
    });
  });

  it('takes an email from draft to a started deployment, logging each step', async () => {
    const { channel: editor, user: editorUser } = await connect(['Content.Edit']);
    const approver = await connect(['Content.Approve']);
    const { channel: deployer } = await connect(['Content.Deploy']);
    const created = await editor.call<{ records: Activity[] }>('writeRecords', {
      organizationId,
      type: 'activity',
      data: [{ campaignId, type: 'email', name: 'Friday deal' }],
    });
    const id = created.records[0]!.id;
    const save = (subject: string) =>
      editor.call('saveActivityRevision', {
        organizationId,
        activityId: id,
        content: { schemaVersion: 3, channels: { email: { subject, html: '<p>Hi</p>' } } },
      });
    await save('FAIL this one');
    const failed = await done(editor, id, 'check');
    expect(failed.activity.status).toBe('draft');
    expect(failed.checks?.find((check) => check.name === 'subject')?.status).toBe('fail');
    expect((await act(editor, id, 'open')).error?.type).toBe('WorkflowTransitionError');

    await save('Two for one');
    expect((await done(editor, id, 'check')).activity.status).toBe('checked');
    expect((await done(editor, id, 'open')).activity.status).toBe('approvalRequested');
    const notices = await herald.database.db
      .selectFrom('user_notification')
      .select(['user_id', 'kind', 'message_key'])
      .where('record_id', '=', String(id))
      .execute();
    expect(notices).toContainEqual({
      user_id: approver.user.id,
      kind: 'approvals',
      message_key: 'activityApprovalRequested',
    });
    expect((await act(deployer, id, 'queueDeploy')).error?.type).toBe('WorkflowTransitionError');
    const approved = await done(approver.channel, id, 'approve', { comment: 'Go' });
    expect(approved.activity.status).toBe('approved');
    const told = await herald.database.db
      .selectFrom('user_notification')
      .select(['user_id', 'message_key'])
      .where('record_id', '=', String(id))
      .where('message_key', '=', 'activityApproved')
      .execute();
    expect(told.map((notice) => notice.user_id)).toEqual([editorUser.id]);
    const revisions = await admin.call<{ records: Array<{ id: number; approvalStatus: string }> }>('query', {
      organizationId,
      query: { type: 'activityRevision', filter: { activityId: id } },
    });
    expect(revisions.records[0]!.approvalStatus).toBe('approved');

    const scheduled = await done(deployer, id, 'queueSchedule', { at: '2031-01-01T09:00:00Z' });
    expect(scheduled.activity.status).toBe('scheduled');
    const job = await herald.database.db
      .selectFrom('job')
      .select(['status', 'params', 'run_at'])
      .where('id', '=', scheduled.jobId!)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
    expect(job.params).toMatchObject({
      activityId: id,
      revisionId: revisions.records[0]!.id,
      at: '2031-01-01T09:00:00.000Z',
    });
    expect((await done(deployer, id, 'queueCancel')).activity.status).toBe('approved');
    expect(
      (
        await herald.database.db
          .selectFrom('job')
          .select('status')
          .where('id', '=', scheduled.jobId!)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled');

    expect((await done(deployer, id, 'queueDeploy')).activity.status).toBe('scheduled');
    // Started: deploying, or already deployed, as a run with no relay to send through fails its few deliveries
    // and finishes at once (the delivery engine's own tests send).
    await expect
      .poll(async () => ['deploying', 'deployed'].includes(await statusOf(id)), { timeout: 30_000 })
      .toBe(true);
    const actions = (await log(id))
      .map((entry) => entry.action)
      .filter((action) => action !== 'deploymentFinished');
    expect(actions).toEqual([
      'deploymentStarted',
      'queueDeploy',
      'queueCancel',
      'queueSchedule',
      'approve',
      'open',
      'checkFinished',
      'check',
      'checkFinished',
      'check',
    ]);
  });

  it('needs approval again after a new revision or a new date, and says so in the log', async () => {
    const { channel: editor } = await connect(['Content.Edit']);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approved');
    await editor.call('saveActivityRevision', {
      organizationId,
      activityId: activity.id,
      content: { schemaVersion: 3, channels: { email: { subject: 'Changed', html: '<p>Hi</p>' } } },
    });
    expect(await statusOf(activity.id)).toBe('draft');
    const [reset] = await log(activity.id);
    expect(reset).toMatchObject({ action: 'approvalReset', fromStatus: 'approved', toStatus: 'draft' });
    expect(reset!.details).toMatchObject({ reason: 'newRevision' });

    const dated = await activityInStatus(herald, organizationId, campaignId, 'approved');
    await editor.call('writeRecords', {
      organizationId,
      type: 'activity',
      data: [{ id: dated.id, version: dated.version, date: '2031-02-01T10:00:00Z' }],
    });
    expect(await statusOf(dated.id)).toBe('draft');
    expect((await log(dated.id))[0]).toMatchObject({
      action: 'approvalReset',
      details: { reason: 'targetOrDate' },
    });
  });

  it('lets one of two people acting at once win; the other answers a stale-state error', async () => {
    const first = (await connect(['Content.Approve'])).channel;
    const second = (await connect(['Content.Approve'])).channel;
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested');
    const replies = await Promise.all(
      [first, second].map((client) => act(client, activity.id, 'approve', { version: activity.version })),
    );
    expect(replies.filter((reply) => reply.error === undefined)).toHaveLength(1);
    expect(replies.map((reply) => reply.error?.type).filter(Boolean)).toEqual(['StaleRecordError']);
    expect((await log(activity.id)).filter((entry) => entry.action === 'approve')).toHaveLength(1);

    const again = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested');
    const unversioned = await Promise.all([first, second].map((client) => act(client, again.id, 'approve')));
    expect(unversioned.filter((reply) => reply.error === undefined)).toHaveLength(1);
    expect(['StaleRecordError', 'WorkflowTransitionError']).toContain(
      unversioned.find((reply) => reply.error)?.error?.type,
    );
  });

  it('keeps the last editor from approving when the organization asks for two people', async () => {
    const power = await connect(['System.PowerUser']);
    const other = (await connect(['Content.Approve'])).channel;
    await sql`UPDATE organization SET settings = jsonb_set(settings, '{security}',
      '{"twoPersonActivityApproval": true}') WHERE id = ${organizationId}`.execute(herald.database.db);
    try {
      const activity = await activityInStatus(herald, organizationId, campaignId, 'approvalRequested', {
        editorId: power.user.id,
      });
      const refused = await act(power.channel, activity.id, 'approve');
      expect(refused.error).toMatchObject({
        type: 'ActivityApprovalSelfError',
        message: 'Someone other than the last editor must approve this activity.',
      });
      expect((await done(other, activity.id, 'approve')).activity.status).toBe('approved');
    } finally {
      await sql`UPDATE organization SET settings = '{}' WHERE id = ${organizationId}`.execute(
        herald.database.db,
      );
    }
  });

  it('stops a running check on cancelCheck', async () => {
    const { channel: editor } = await connect(['Content.Edit']);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'draft', {
      subject: 'SLOW one',
    });
    const running = act(editor, activity.id, 'check');
    await expect.poll(() => statusOf(activity.id), { timeout: 15_000 }).toBe('checking');
    expect((await done(editor, activity.id, 'cancelCheck')).activity.status).toBe('draft');
    expect((await running).error?.type).toBe('CheckCancelledError');
    expect(await statusOf(activity.id)).toBe('draft');
  });

  it('adds participants of the organization only, who may then comment', async () => {
    const { channel: editor } = await connect(['Content.Edit']);
    const { channel: approver } = await connect(['Content.Approve']);
    const reader = await connect(['Database.Read']);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'draft');

    const stranger = await act(editor, activity.id, 'addParticipant', { email: 'nobody@example.test' });
    expect(stranger.error).toMatchObject({
      type: 'ParticipantRoleMissingError',
      message:
        'Failed to add participant nobody@example.test. Unable to find a Participant role in this org.',
    });
    expect(
      (await act(approver, activity.id, 'addParticipant', { email: reader.user.email })).error,
    ).toMatchObject({
      type: 'CannotAddParticipantsError',
      message: 'Cannot add participants.',
    });
    expect((await act(reader.channel, activity.id, 'comment', { text: 'Me too' })).error?.type).toBe(
      'PrivilegesError',
    );

    const added = await done(editor, activity.id, 'addParticipant', {
      email: reader.user.email.toUpperCase(),
    });
    expect(added.participants?.map((participant) => participant.userId)).toEqual([reader.user.id]);
    expect((await done(reader.channel, activity.id, 'getRoles')).actions).toEqual(['comment', 'getRoles']);
    await done(reader.channel, activity.id, 'comment', { text: 'Nice pizza' });
    const removed = await done(editor, activity.id, 'removeParticipant', { userId: reader.user.id });
    expect(removed.participants).toEqual([]);
    expect((await act(reader.channel, activity.id, 'comment', { text: 'Again' })).error?.type).toBe(
      'PrivilegesError',
    );
  });

  it('pushes each step to subscribers and filters the log by action', async () => {
    const watcher = (await connect(['Database.Read'])).channel;
    const { channel: editor } = await connect(['Content.Edit']);
    await watcher.call('addSubscription', { organizationId, query: { type: 'workflowEvent' } });
    const activity = await activityInStatus(herald, organizationId, campaignId, 'draft');
    const pushed = watcher.nextPush('workflow', 5_000);
    await done(editor, activity.id, 'comment', { text: 'Ready soon' });
    expect((await pushed).data).toMatchObject({
      activityId: activity.id,
      status: 'draft',
      action: 'comment',
      comment: 'Ready soon',
    });
    await done(editor, activity.id, 'check');
    const comments = await admin.call<{ records: Array<{ action: string; comment: string }> }>('query', {
      organizationId,
      query: { type: 'workflowEvent', filter: { activityId: activity.id, action: 'comment' } },
    });
    expect(comments.records.map((entry) => [entry.action, entry.comment])).toEqual([
      ['comment', 'Ready soon'],
    ]);
  });

  it('caps the throttle at the maximum send rate, and suspends a queued deployment under 1', async () => {
    const { channel: deployer } = await connect(['Content.Deploy']);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'scheduled');
    expect((await act(deployer, activity.id, 'updateThrottle', { perMinute: 60_001 })).error).toMatchObject({
      type: 'MaxSendRateError',
      message: 'The maximum send rate is 60,000 messages per minute. Please contact support.',
    });
    expect(
      (await done(deployer, activity.id, 'updateThrottle', { perMinute: 60_000 })).activity.throttle,
    ).toBe(60_000);
    expect((await done(deployer, activity.id, 'updateThrottle', { perMinute: 0 })).activity.status).toBe(
      'suspended',
    );
    expect((await done(deployer, activity.id, 'resume')).activity.status).toBe('scheduled');
  });

  it('takes a scheduled activity back to approved when its job is cancelled from the job list', async () => {
    const { channel: deployer } = await connect(['Content.Deploy']);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'approved');
    const { jobId } = await done(deployer, activity.id, 'queueSchedule', { at: '2031-03-01T09:00:00Z' });
    await deployer.call('cancelJob', { organizationId, jobId });
    expect(await statusOf(activity.id)).toBe('approved');
    expect((await log(activity.id))[0]).toMatchObject({
      action: 'queueCancel',
      by: null,
      details: { jobId, via: 'cancelJob' },
    });
  });
});
