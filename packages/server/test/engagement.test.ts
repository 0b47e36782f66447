import type { DashboardStats, EngagementFigures, MembersEngagement } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDeploymentRun,
  recordEngagement,
  recordSend,
  type EngagementActivity,
} from './support/engagement.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addList, addMember, addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const NOTHING: EngagementFigures = {
  sent: 0,
  opens: 0,
  uniqueOpens: 0,
  clicks: 0,
  uniqueClicks: 0,
  unsubscribes: 0,
  bounced: 0,
  machineOpens: 0,
};

/**
 * The dashboard's engagement and the list and audience reports' engagement sections, from a known
 * sequence of sends and events. Subscribers a and b are North's, c South's, d head office's; the list holds a,
 * b and c, the audience b and d; activity X is head office's, Y North's.
 */
describe('engagement figures', () => {
  let herald: TestHerald;
  let organizationId: number;
  let north: { setId: number; partitionId: number };
  let listId: number;
  let audienceId: number;
  let x: EngagementActivity;
  let y: EngagementActivity;
  const closers: Array<() => void> = [];

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    const south = await addPartition(herald, organizationId, 'South');
    const [a, b, c, d] = [
      await addSubscriber(herald, organizationId, { partitionIds: [north.partitionId] }),
      await addSubscriber(herald, organizationId, { partitionIds: [north.partitionId] }),
      await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] }),
      await addSubscriber(herald, organizationId),
    ];
    listId = await addList(herald, organizationId, 'Regulars', [north.partitionId, south.partitionId]);
    for (const member of [a, b, c]) await addMember(herald, organizationId, listId, member);
    const db = herald.database.db;
    audienceId = (
      await db
        .insertInto('audience')
        .values({ organization_id: organizationId, name: 'B and D', target: '{}', size: 2 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('audience_member')
      .values(
        [b, d].map((id) => ({ audience_id: audienceId, subscriber_id: id, organization_id: organizationId })),
      )
      .execute();

    const campaignId = await addCampaign(herald, organizationId);
    const xId = (await activityInStatus(herald, organizationId, campaignId, 'deployed')).id;
    const yId = (
      await activityInStatus(herald, organizationId, campaignId, 'deployed', {
        partitionIds: [north.partitionId],
      })
    ).id;
    x = await addDeploymentRun(herald, organizationId, xId);
    y = await addDeploymentRun(herald, organizationId, yId);
    const earlier = await addDeploymentRun(herald, organizationId, xId);
    const later = await addDeploymentRun(herald, organizationId, xId);

    // Sends at both ends of March count; those just outside it do not.
    const xa = await recordSend(herald, x, a, '2026-03-01T00:00:00Z');
    const xb = await recordSend(herald, x, b, '2026-03-10T09:00:00Z');
    const xc = await recordSend(herald, x, c, '2026-03-10T09:00:00Z');
    const xd = await recordSend(herald, x, d, '2026-03-31T23:59:59Z');
    const old = await recordSend(herald, earlier, b, '2026-02-28T23:59:59Z');
    await recordSend(herald, later, c, '2026-04-01T00:00:00Z');
    const ya = await recordSend(herald, y, a, '2026-03-05T08:00:00Z');
    const yb = await recordSend(herald, y, b, '2026-03-05T08:00:00Z');

    // a opens X twice and a privacy proxy once; b's X message is opened by a proxy only; c opens and clicks.
    await recordEngagement(herald, x, a, xa, 'opened', '2026-03-02T10:00:00Z', { machine: false });
    await recordEngagement(herald, x, a, xa, 'opened', '2026-03-02T11:00:00Z', { machine: false });
    await recordEngagement(herald, x, a, xa, 'opened', '2026-03-02T09:00:00Z', { machine: true });
    await recordEngagement(herald, x, a, xa, 'clicked', '2026-03-02T10:01:00Z', {
      url: 'https://a.test',
      linkIndex: 0,
    });
    await recordEngagement(herald, x, a, xa, 'clicked', '2026-03-02T10:02:00Z', {
      url: 'https://a.test',
      linkIndex: 0,
    });
    await recordEngagement(herald, x, b, xb, 'opened', '2026-03-11T09:00:00Z', { machine: true });
    await recordEngagement(herald, x, c, xc, 'opened', '2026-03-12T09:00:00Z', { machine: false });
    await recordEngagement(herald, x, c, xc, 'clicked', '2026-03-12T09:01:00Z', {
      url: 'https://c.test',
      linkIndex: 1,
    });
    await recordEngagement(herald, x, c, xc, 'unsubscribed', '2026-03-12T09:02:00Z', { scope: 'global' });
    await recordEngagement(herald, x, d, xd, 'bounced', '2026-03-31T23:59:59Z', { type: 'hard' });
    // b opens Y, and in March the February message (an open in the range of a send before it).
    await recordEngagement(herald, y, b, yb, 'opened', '2026-03-06T07:00:00Z', { machine: false });
    await recordEngagement(herald, earlier, b, old, 'opened', '2026-03-01T06:00:00Z', { machine: false });
    // An open after March, and another organization's events, never count.
    await recordEngagement(herald, y, a, ya, 'opened', '2026-04-01T00:00:00Z', { machine: false });
    const other = await createOrganization(herald);
    const stranger = await addSubscriber(herald, other);
    await recordEngagement(
      herald,
      { ...x, organizationId: other },
      stranger,
      '999',
      'sent',
      '2026-03-15T00:00:00Z',
    );
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  async function connect(roles: string[], partitionSets: number[] = []) {
    const connection = await connectAs(herald, organizationId, roles, partitionSets);
    closers.push(() => connection.close());
    return connection.channel;
  }

  it("counts the dashboard's sends, opens (machine opens apart), clicks, unsubscribes and bounces over the range, and per day", async () => {
    const reader = await connect(['Database.Read']);
    const stats = await reader.call<DashboardStats>('getDashboardStats', { organizationId, ...MARCH });
    expect(stats.engagementRange).toEqual(MARCH);
    expect(stats.engagement).toEqual({
      sent: 6,
      opens: 5,
      uniqueOpens: 4,
      clicks: 3,
      uniqueClicks: 2,
      unsubscribes: 1,
      bounced: 1,
      machineOpens: 2,
    });
    expect(stats.engagementSeries).toEqual([
      { date: '2026-03-01', sent: 1, opens: 1, clicks: 0, unsubscribes: 0 },
      { date: '2026-03-02', sent: 0, opens: 2, clicks: 2, unsubscribes: 0 },
      { date: '2026-03-05', sent: 2, opens: 0, clicks: 0, unsubscribes: 0 },
      { date: '2026-03-06', sent: 0, opens: 1, clicks: 0, unsubscribes: 0 },
      { date: '2026-03-10', sent: 2, opens: 0, clicks: 0, unsubscribes: 0 },
      { date: '2026-03-12', sent: 0, opens: 1, clicks: 1, unsubscribes: 1 },
      { date: '2026-03-31', sent: 1, opens: 0, clicks: 0, unsubscribes: 0 },
    ]);
    // The subscriber half is still answered beside it.
    expect(stats.subscribers.total).toBe(4);
  });

  it('keeps to the range’s ends: both days included, nothing beyond, and the ends given either way round', async () => {
    const reader = await connect(['Database.Read']);
    const inner = await reader.call<DashboardStats>('getDashboardStats', {
      organizationId,
      from: '2026-03-30',
      to: '2026-03-02',
    });
    expect(inner.engagementRange).toEqual({ from: '2026-03-02', to: '2026-03-30' });
    expect(inner.engagement.sent).toBe(4);
    expect(inner.engagement.bounced).toBe(0);
    expect(inner.engagementSeries.map((day) => day.date)).not.toContain('2026-03-01');
    const lastDay = await reader.call<DashboardStats>('getDashboardStats', {
      organizationId,
      from: '2026-03-31',
      to: '2026-03-31',
    });
    expect(lastDay.engagement).toEqual({ ...NOTHING, sent: 1, bounced: 1 });
    // By default the range is the dashboard's: since 2000-02-01, so the sends around March count too.
    const everything = await reader.call<DashboardStats>('getDashboardStats', { organizationId });
    expect(everything.engagementRange.from).toBe('2000-02-01');
    expect(everything.engagement.sent).toBe(8);
    expect(everything.engagement.opens).toBe(6);
  });

  it('counts only the events of a restricted user’s partitions’ subscribers', async () => {
    const franchisee = await connect(['franchisee'], [north.setId]);
    const stats = await franchisee.call<DashboardStats>('getDashboardStats', { organizationId, ...MARCH });
    expect(stats.engagement).toEqual({
      sent: 4,
      opens: 4,
      uniqueOpens: 3,
      clicks: 2,
      uniqueClicks: 1,
      unsubscribes: 0,
      bounced: 0,
      machineOpens: 2,
    });
  });

  it("answers a list's engagement and the activities that reached its members most", async () => {
    const reader = await connect(['Database.Read']);
    const list = await reader.call<MembersEngagement & { listId: number }>('getListEngagement', {
      organizationId,
      listId,
      ...MARCH,
    });
    expect(list).toMatchObject({ listId, ...MARCH });
    expect(list.engagement).toEqual({
      sent: 5,
      opens: 5,
      uniqueOpens: 4,
      clicks: 3,
      uniqueClicks: 2,
      unsubscribes: 1,
      bounced: 0,
      machineOpens: 2,
    });
    // X's three sends: a and c opened and clicked (b's was opened by a proxy only). Y's two: both opened, a's
    // after March: a rate of the range's sends counts their opens whenever they came.
    expect(list.topActivities).toEqual([
      {
        activityId: x.activityId,
        campaignId: x.campaignId,
        name: 'In deployed',
        type: 'email',
        sent: 3,
        uniqueOpens: 2,
        uniqueClicks: 2,
      },
      {
        activityId: y.activityId,
        campaignId: y.campaignId,
        name: 'In deployed',
        type: 'email',
        sent: 2,
        uniqueOpens: 2,
        uniqueClicks: 0,
      },
    ]);

    // North sees its subscribers a and b, and only its own activity Y among the top ones.
    const franchisee = await connect(['franchisee'], [north.setId]);
    const restricted = await franchisee.call<MembersEngagement>('getListEngagement', {
      organizationId,
      listId,
      ...MARCH,
    });
    expect(restricted.engagement).toEqual({
      sent: 4,
      opens: 4,
      uniqueOpens: 3,
      clicks: 2,
      uniqueClicks: 1,
      unsubscribes: 0,
      bounced: 0,
      machineOpens: 2,
    });
    expect(restricted.topActivities.map((activity) => [activity.activityId, activity.sent])).toEqual([
      [y.activityId, 2],
    ]);
  });

  it("answers an audience's engagement", async () => {
    const reader = await connect(['Database.Read']);
    const audience = await reader.call<MembersEngagement & { audienceId: number }>('getAudienceEngagement', {
      organizationId,
      audienceId,
      ...MARCH,
    });
    expect(audience.audienceId).toBe(audienceId);
    expect(audience.engagement).toEqual({
      sent: 3,
      opens: 2,
      uniqueOpens: 2,
      clicks: 0,
      uniqueClicks: 0,
      unsubscribes: 0,
      bounced: 1,
      machineOpens: 1,
    });
    expect(audience.topActivities.map((one) => [one.activityId, one.sent, one.uniqueOpens])).toEqual([
      [x.activityId, 2, 0],
      [y.activityId, 1, 1],
    ]);
  });

  it('counts the last 30 days when the report names no range, and hides what the caller may not read', async () => {
    const reader = await connect(['Database.Read']);
    const recent = await reader.call<MembersEngagement>('getListEngagement', { organizationId, listId });
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect({ from: recent.from, to: recent.to }).toEqual({ from: start, to: today });
    expect(recent.engagement).toEqual(NOTHING);
    expect(recent.topActivities).toEqual([]);

    const missing = await reader.request('getAudienceEngagement', { organizationId, audienceId: 999_999 });
    expect(missing.error?.type).toBe('NotFoundError');
    // The audience has no partitions: a restricted user cannot reach it.
    const franchisee = await connect(['franchisee'], [north.setId]);
    const hidden = await franchisee.request('getAudienceEngagement', { organizationId, audienceId });
    expect(hidden.error?.type).toBe('NotFoundError');
  });
});
