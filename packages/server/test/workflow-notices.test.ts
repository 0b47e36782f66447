import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunActivityChecks } from '../src/checks/check-run.ts';
import { heraldAreas } from '../src/areas.ts';
import { workflowArea } from '../src/workflow/area.ts';
import { notifyDeploymentEvent } from '../src/workflow/deployment-notices.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign, subjectChecks } from './workflow-fixtures.ts';

/** The workflow tests' engine, with a subject containing "WARN" warning too, so each outcome can be had. */
const warningChecks: RunActivityChecks = async (request) => {
  const checks = await subjectChecks(request);
  const { rows } = await sql<{
    subject: string | null;
  }>`SELECT r.content #>> '{channels,email,subject}' AS subject
    FROM activity_revision r JOIN activity a ON a.latest_revision_id = r.id
    WHERE a.id = ${request.activityId}`.execute(request.db);
  return rows[0]?.subject?.includes('WARN')
    ? [...checks, { name: 'officeXml', status: 'warn', message: 'The content was pasted from Word.' }]
    : checks;
};

const areas = heraldAreas.map((area) =>
  area.name === 'workflow' ? workflowArea({ runActivityChecks: warningChecks }) : area,
);

describe('notifications of check runs and deployments', () => {
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let editor: ChannelClient;
  let editorId: number;
  let editorSession: { call: ChannelClient['call']; sessionId: string };
  let participant: { id: number; email: string };
  let bystander: { id: number; email: string };
  const closers: Array<() => void> = [];

  const noticesOf = (activityId: number) =>
    herald.database.db
      .selectFrom('user_notification')
      .select(['user_id', 'kind', 'actor_user_id', 'message_key', 'message_values', 'record_type'])
      .where('organization_id', '=', organizationId)
      .where('record_id', '=', String(activityId))
      .orderBy('user_id')
      .execute();

  beforeAll(async () => {
    herald = await startTestHerald({}, { areas });
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    campaignId = await addCampaign(herald, organizationId);
    const connection = await connectAs(herald, organizationId, ['Content.Edit']);
    closers.push(() => connection.close());
    editor = connection.channel;
    editorId = connection.user.id;
    editorSession = {
      call: connection.session.call.bind(connection.session),
      sessionId: connection.sessionId,
    };
    participant = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    bystander = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  const activityWithParticipant = async (subject: string) => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'draft', { subject });
    const added = await editor.request('workflow', {
      organizationId,
      activityId: activity.id,
      action: 'addParticipant',
      email: participant.email,
    });
    expect(added.error).toBeUndefined();
    return activity;
  };

  it.each([
    ['Two for one', 'checked', 'activityChecksPassed'],
    ['Two for one WARN', 'checked', 'activityChecksWarned'],
    ['Two for one FAIL', 'draft', 'activityChecksFailed'],
  ])('a check of "%s" tells who ran it and the participants, as %s → %s', async (subject, status, key) => {
    const activity = await activityWithParticipant(subject);
    const reply = await editor.request('workflow', {
      organizationId,
      activityId: activity.id,
      action: 'check',
    });
    expect(reply.error).toBeUndefined();
    expect((reply.result as { activity: { status: string } }).activity.status).toBe(status);
    const notices = await noticesOf(activity.id);
    expect(notices.map((notice) => notice.user_id).sort()).toEqual([editorId, participant.id].sort());
    for (const notice of notices)
      expect(notice).toMatchObject({
        kind: 'checks',
        actor_user_id: editorId,
        message_key: key,
        message_values: { name: 'In draft' },
        record_type: 'activity',
      });
    expect(notices.some((notice) => notice.user_id === bystander.id)).toBe(false);
  });

  it('a cancelled check tells no one', async () => {
    const activity = await activityWithParticipant('SLOW');
    const running = editor.request('workflow', { organizationId, activityId: activity.id, action: 'check' });
    await expect
      .poll(
        async () =>
          (
            await herald.database.db
              .selectFrom('activity')
              .select('status')
              .where('id', '=', activity.id)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe('checking');
    const cancelled = await editor.request('workflow', {
      organizationId,
      activityId: activity.id,
      action: 'cancelCheck',
    });
    expect(cancelled.error).toBeUndefined();
    expect((await running).error?.type).toBe('CheckCancelledError');
    expect(await noticesOf(activity.id)).toEqual([]);
  });

  it.each(['activityDeploymentStarted', 'activityDeploymentFailed'] as const)(
    'notifyDeploymentEvent tells who queued it and the participants that the deployment %s',
    async (messageKey) => {
      const activity = await activityWithParticipant('Two for one');
      const ids = await notifyDeploymentEvent(herald.database.db, {
        organizationId,
        activityId: activity.id,
        name: 'Friday deal',
        messageKey,
        // The one who queued it is also a participant here: told once.
        userIds: [editorId, participant.id],
      });
      expect(ids).toHaveLength(2);
      const notices = await noticesOf(activity.id);
      expect(notices.map((notice) => notice.user_id).sort()).toEqual([editorId, participant.id].sort());
      for (const notice of notices)
        expect(notice).toMatchObject({
          kind: 'sends',
          actor_user_id: null,
          message_key: messageKey,
          message_values: { name: 'Friday deal' },
          record_type: 'activity',
        });
    },
  );

  it('a deployment the server queued tells its participants alone', async () => {
    const activity = await activityWithParticipant('Two for one');
    await notifyDeploymentEvent(herald.database.db, {
      organizationId,
      activityId: activity.id,
      name: 'Friday deal',
      messageKey: 'activityDeploymentStarted',
      userIds: [],
    });
    expect((await noticesOf(activity.id)).map((notice) => notice.user_id)).toEqual([participant.id]);
  });

  it('the user reads them with getUserNotifications, under the checks and sends filters', async () => {
    const activity = await activityWithParticipant('Two for one');
    await editor.call('workflow', { organizationId, activityId: activity.id, action: 'check' });
    await notifyDeploymentEvent(herald.database.db, {
      organizationId,
      activityId: activity.id,
      name: 'In draft',
      messageKey: 'activityDeploymentFailed',
      userIds: [editorId],
    });
    const read = async (kinds: string[]) =>
      (
        await editorSession.call<{ records: Array<{ kind: string; messageKey: string; recordId: string }> }>(
          'getUserNotifications',
          { sessionId: editorSession.sessionId, filter: { kinds }, limit: 100 },
        )
      ).records.filter((record) => record.recordId === String(activity.id));
    expect(await read(['checks'])).toEqual([
      expect.objectContaining({ kind: 'checks', messageKey: 'activityChecksPassed' }),
    ]);
    expect(await read(['sends'])).toEqual([
      expect.objectContaining({ kind: 'sends', messageKey: 'activityDeploymentFailed' }),
    ]);
  });
});
