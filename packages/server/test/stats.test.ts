import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationStatsCache } from '../src/stats/organization-stats.ts';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

interface Stats {
  organizationId: number;
  activity: {
    computedAt: string;
    expiresAt: string;
    days: number;
    signInsPerDay: Array<{ date: string; count: number }>;
    changesPerDay: Array<{ date: string; count: number }>;
  };
  totals: {
    computedAt: string;
    expiresAt: string;
    users: number;
    partitions: number;
    partitionSets: number;
    campaigns: { total: number; byStatus: Record<string, number> } | null;
    campaignsPerMonth: Array<{ month: string; count: number }>;
  };
}

describe('getStats', () => {
  let herald: TestHerald;
  let organizationId: number;
  let channel: ChannelClient;
  const clients: ChannelClient[] = [];

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const set = await herald.database.db
      .insertInto('partition_set')
      .values({ organization_id: organizationId, name: 'North' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await herald.database.db
      .insertInto('partition')
      .values([
        { organization_id: organizationId, partition_set_id: set.id, name: 'A', custom_fields: '{}' },
        { organization_id: organizationId, partition_set_id: null, name: 'B', custom_fields: '{}' },
      ])
      .execute();
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    channel = await organizationConnection(herald, session, sessionId, organizationId);
    clients.push(session, channel);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await herald.stop();
  });

  it("answers the organization's totals and a daily activity series for charts", async () => {
    const stats = await channel.call<Stats>('getStats', { organizationId });
    expect(stats.organizationId).toBe(organizationId);
    expect(stats.totals).toMatchObject({ users: 2, partitions: 2, partitionSets: 1 });
    if (stats.totals.campaigns !== null) expect(stats.totals.campaigns.total).toBe(0);
    expect(stats.activity.days).toBe(90);
    expect(stats.activity.signInsPerDay).toHaveLength(90);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.activity.signInsPerDay.at(-1)).toEqual({ date: today, count: 1 });
    expect(stats.activity.signInsPerDay[0]?.date).toBe(
      new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(Date.parse(stats.activity.expiresAt) - Date.parse(stats.activity.computedAt)).toBe(600_000);
    expect(Date.parse(stats.totals.expiresAt) - Date.parse(stats.totals.computedAt)).toBe(86_400_000);
  });

  it('is cached: a new user does not show until the totals expire', async () => {
    const first = await channel.call<Stats>('getStats', { organizationId });
    await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const second = await channel.call<Stats>('getStats', { organizationId });
    expect(second).toEqual(first);
  });

  it('keeps activity 600000 ms and totals 86400000 ms', async () => {
    let now = Date.now();
    const cache = new OrganizationStatsCache(herald.database.db, () => now);
    const first = await cache.get(organizationId);
    await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    now += 599_999;
    expect(await cache.get(organizationId)).toEqual(first);
    now += 1;
    const second = await cache.get(organizationId);
    expect(second.activity.computedAt).not.toBe(first.activity.computedAt);
    expect(second.totals).toEqual(first.totals);
    now = Date.parse(first.totals.computedAt) + 86_400_000;
    const third = await cache.get(organizationId);
    expect(third.totals.users).toBe(first.totals.users + 1);
  });

  it('answers only the authenticated organization, and only once authenticated', async () => {
    const other = await createOrganization(herald);
    const reply = await channel.request('getStats', { organizationId: other });
    expect(reply.error).toBeDefined();
    expect((await channel.request('getStats', {})).error?.type).toBe('MissingParameterError');
    const anonymous = await ChannelClient.open(herald.wsUrl('uiv5'));
    clients.push(anonymous);
    expect((await anonymous.request('getStats', { organizationId })).error?.type).toBe(
      'UnauthenticatedCommand',
    );
  });
});

describe('getStats access', () => {
  it("refuses a partition-restricted franchisee the organization's head-office figures", async () => {
    const herald = await startTestHerald();
    try {
      const organizationId = await createOrganization(herald);
      const set = await herald.database.db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'Region' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const franchisee = await createUser(herald, [
        { organizationId, roles: ['franchisee'], partitionsets: [set.id] },
      ]);
      const { session, sessionId } = await signedIn(herald, franchisee);
      const channel = await organizationConnection(herald, session, sessionId, organizationId);
      expect((await channel.request('getStats', { organizationId })).error?.type).toBe('PrivilegesError');
      session.close();
      channel.close();
    } finally {
      await herald.stop();
    }
  });
});
