import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUsers } from '../src/notifications/notify-users.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

interface Page<T = Record<string, unknown>> {
  records: T[];
  total: number;
}
interface Notification {
  id: number;
  organizationId: number | null;
  kind: string;
  actor: string | null;
  fromMe: boolean;
  messageKey: string;
  messageValues: Record<string, unknown>;
  recordType: string | null;
  recordId: string | null;
  readAt: string | null;
}

describe('user notifications, history and tasks', () => {
  let herald: TestHerald;
  let first: number;
  let second: number;
  let left: number;
  let me: { id: number; email: string; password: string };
  let colleague: { id: number; email: string };
  let session: ChannelClient;
  let sessionId: string;
  const ids: Record<string, number> = {};

  const call = <T = Page<Notification>>(command: string, params: Record<string, unknown> = {}) =>
    session.call<T>(command, { sessionId, ...params });

  beforeAll(async () => {
    herald = await startTestHerald();
    [first, second, left] = await Promise.all([
      createOrganization(herald),
      createOrganization(herald),
      createOrganization(herald),
    ]);
    me = await createUser(herald, [
      { organizationId: first, roles: ['Content.Edit'] },
      { organizationId: second, roles: ['Content.Edit'] },
    ]);
    colleague = await createUser(herald, [{ organizationId: first, roles: ['Content.Edit'] }]);
    const db = herald.database.db;
    const notice = async (name: string, values: Parameters<typeof notifyUsers>[1]) => {
      const [id] = await notifyUsers(db, values);
      ids[name] = id!;
    };
    await notice('proofMine', {
      organizationId: first,
      userIds: [me.id, me.id],
      kind: 'proofs',
      actorUserId: me.id,
      messageKey: 'notification.proofSent',
      messageValues: { activity: 'Spring sale' },
      recordType: 'activity',
      recordId: 31,
    });
    await notice('approvalAsked', {
      organizationId: first,
      userIds: [me.id],
      kind: 'approvals',
      actorUserId: colleague.id,
      messageKey: 'notification.approvalRequested',
      recordType: 'activity',
      recordId: 32,
    });
    await notice('extractSecond', {
      organizationId: second,
      userIds: [me.id],
      kind: 'extracts',
      messageKey: 'notification.extractReady',
    });
    await notice('sendColleague', {
      organizationId: first,
      userIds: [colleague.id],
      kind: 'sends',
      actorUserId: me.id,
      messageKey: 'notification.sent',
    });
    // An organization the user no longer belongs to: its notices are not shown.
    await notice('leftOrganization', {
      organizationId: left,
      userIds: [me.id],
      kind: 'checks',
      messageKey: 'notification.checkFailed',
    });
    await notice('readApproval', {
      organizationId: second,
      userIds: [me.id],
      kind: 'approvals',
      actorUserId: colleague.id,
      messageKey: 'notification.approvalRequested',
    });
    await db
      .updateTable('user_notification')
      .set({ read_at: new Date() })
      .where('id', '=', ids.readApproval!)
      .execute();
    ({ session, sessionId } = await signedIn(herald, me));
  });
  afterAll(async () => {
    session.close();
    await herald.stop();
  });

  it('lists the notifications of all my organizations, newest first, with who caused them', async () => {
    const { records, total } = await call('getUserNotifications');
    expect(records.map((record) => record.id)).toEqual(
      [ids.readApproval, ids.extractSecond, ids.approvalAsked, ids.proofMine].map(Number),
    );
    expect(total).toBe(4);
    expect(records[3]).toMatchObject({
      organizationId: first,
      kind: 'proofs',
      actor: me.email,
      fromMe: true,
      messageKey: 'notification.proofSent',
      messageValues: { activity: 'Spring sale' },
      recordType: 'activity',
      recordId: '31',
      readAt: null,
    });
    expect(records[2]).toMatchObject({ actor: colleague.email, fromMe: false });
  });

  it('filters from me, by organization and by kinds', async () => {
    const fromMe = await call('getUserNotifications', { filter: { from: 'me' } });
    expect(fromMe.records.map((record) => record.id)).toEqual([ids.proofMine]);
    const all = await call('getUserNotifications', { filter: { from: 'all', organizationId: second } });
    expect(all.records.map((record) => record.id)).toEqual([ids.readApproval, ids.extractSecond]);
    for (const [kinds, expected] of [
      [['proofs'], [ids.proofMine]],
      [['extracts'], [ids.extractSecond]],
      [['approvals'], [ids.readApproval, ids.approvalAsked]],
      [['checks'], []],
      [['sends'], []],
      [
        ['proofs', 'extracts'],
        [ids.extractSecond, ids.proofMine],
      ],
      [[], []],
    ] as const) {
      const page = await call('getUserNotifications', { filter: { kinds } });
      expect(page.records.map((record) => record.id)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
    const unread = await call('getUserNotifications', { filter: { unreadOnly: true, kinds: ['approvals'] } });
    expect(unread.records.map((record) => record.id)).toEqual([ids.approvalAsked]);
  });

  it('pages with limit and offset, at most 100', async () => {
    const page = await call('getUserNotifications', { limit: 1, offset: 1 });
    expect(page.records.map((record) => record.id)).toEqual([ids.extractSecond]);
    expect(page.total).toBe(4);
    expect((await call('getUserNotifications', { limit: 0 })).records).toEqual([]);
  });

  it('refuses bad input with ValidationError', async () => {
    for (const params of [
      { limit: 101 },
      { limit: -1 },
      { offset: -1 },
      { limit: 'ten' },
      { filter: { from: 'them' } },
      { filter: { kinds: ['secrets'] } },
      { filter: { organizationId: 'one' } },
      { filter: 'me' },
    ]) {
      const reply = await session.request('getUserNotifications', { sessionId, ...params });
      expect(reply.error?.type, JSON.stringify(params)).toBe('ValidationError');
    }
    for (const command of ['getUserHistory', 'getUserTasks']) {
      const reply = await session.request(command, { sessionId, limit: 500 });
      expect(reply.error?.type).toBe('ValidationError');
    }
  });

  it('needs a valid session', async () => {
    for (const command of ['getUserNotifications', 'getUserHistory', 'getUserTasks']) {
      const reply = await session.request(command, { sessionId: 'not-a-session' });
      expect(reply.error?.type).toBe('InvalidSessionError');
    }
  });

  it('tasks are the unread approvals addressed to me', async () => {
    const tasks = await call('getUserTasks');
    expect(tasks.records.map((record) => record.id)).toEqual([ids.approvalAsked]);
    expect(tasks.total).toBe(1);
    expect((await call('getUserTasks', { filter: { organizationId: second } })).records).toEqual([]);
  });

  it("history is my own audit log entries, not a colleague's", async () => {
    await herald.services.audit.record({
      action: 'security.updated',
      actorUserId: me.id,
      organizationId: first,
    });
    await herald.services.audit.record({
      action: 'password.changed',
      actorUserId: colleague.id,
      organizationId: first,
    });
    const history = await call<Page<{ action: string; organizationId: number | null }>>('getUserHistory');
    const actions = history.records.map((record) => record.action);
    expect(actions).toContain('security.updated');
    expect(actions).toContain('signIn.succeeded');
    expect(actions).not.toContain('password.changed');
    expect(history.total).toBe(history.records.length);
    const inFirst = await call<Page<{ action: string }>>('getUserHistory', {
      filter: { organizationId: first },
    });
    expect(inFirst.records.map((record) => record.action)).toEqual(['security.updated']);
  });
});
