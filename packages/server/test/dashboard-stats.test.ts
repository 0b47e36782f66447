import type { DashboardStats } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatsCache } from '../src/stats/dashboard-stats.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';

describe('getDashboardStats', () => {
  let herald: TestHerald;
  let organizationId: number;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  const closers: Array<() => void> = [];

  async function subscriberCreatedOn(day: string, fields: Parameters<typeof addSubscriber>[2] = {}) {
    const id = await addSubscriber(herald, organizationId, fields);
    await herald.database.db
      .updateTable('subscriber')
      .set({ created_at: `${day}T12:00:00Z` })
      .where('id', '=', id)
      .execute();
  }

  async function campaign(name: string, partitionIds: number[], fields: { isArchived?: boolean } = {}) {
    await herald.database.db
      .insertInto('campaign')
      .values({
        organization_id: organizationId,
        name,
        start_date: '2020-01-01',
        end_date: '2020-02-01',
        is_archived: fields.isArchived ?? false,
        partition_ids: partitionIds,
      })
      .execute();
  }

  async function importJob(status: string, createdBy: number | null) {
    await herald.database.db
      .insertInto('job')
      .values({
        organization_id: organizationId,
        kind: 'import',
        status,
        params: '{}',
        created_by: createdBy,
      })
      .execute();
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    south = await addPartition(herald, organizationId, 'South');
    const [n, s] = [[north.partitionId], [south.partitionId]];
    await subscriberCreatedOn('2026-01-05', { partitionIds: n });
    await subscriberCreatedOn('2026-01-05', { partitionIds: n, isUnsubscribed: true });
    await subscriberCreatedOn('2026-02-10', { partitionIds: n, isInvalid: true });
    await subscriberCreatedOn('2026-02-10', { partitionIds: s });
    await subscriberCreatedOn('2026-03-01', { partitionIds: s, isUnsubscribed: true });
    await subscriberCreatedOn('2026-03-01', { partitionIds: [] });
    await campaign('North, completed', n);
    await campaign('South, archived', s, { isArchived: true });
    await campaign('Everyone, completed', []);
    await importJob('succeeded', null);
    await importJob('failed', null);
    await importJob('succeeded', null);
    // Someone else's organization, whose figures never show.
    const other = await createOrganization(herald);
    await addSubscriber(herald, other);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it("counts the organization's subscribers, imports and campaigns for head office", async () => {
    const reader = await connectAs(herald, organizationId, ['Database.Read']);
    closers.push(() => reader.close());
    const stats = await reader.channel.call<DashboardStats>('getDashboardStats', { organizationId });
    expect(stats.subscribers).toEqual({
      total: 6,
      contactable: 3,
      unsubscribed: 2,
      createdPerDay: [
        { date: '2026-01-05', count: 2 },
        { date: '2026-02-10', count: 2 },
        { date: '2026-03-01', count: 2 },
      ],
    });
    expect(stats.campaigns).toEqual({ total: 3, byStatus: { completed: 2, archived: 1 } });
    expect(stats.imports).toEqual({ total: 3, byStatus: { succeeded: 2, failed: 1 } });
    expect(Date.parse(stats.expiresAt) - Date.parse(stats.computedAt)).toBe(600_000);
  });

  it('counts only the partitions of a partition-restricted user, and only the imports they started', async () => {
    const franchisee = await connectAs(herald, organizationId, ['franchisee'], [north.setId]);
    closers.push(() => franchisee.close());
    await importJob('running', franchisee.user.id);
    const stats = await franchisee.channel.call<DashboardStats>('getDashboardStats', { organizationId });
    expect(stats.subscribers).toEqual({
      total: 3,
      contactable: 1,
      unsubscribed: 1,
      createdPerDay: [
        { date: '2026-01-05', count: 2 },
        { date: '2026-02-10', count: 1 },
      ],
    });
    expect(stats.campaigns).toEqual({ total: 1, byStatus: { completed: 1 } });
    expect(stats.imports).toEqual({ total: 1, byStatus: { running: 1 } });

    const southReader = await connectAs(herald, organizationId, ['Database.Read'], [south.setId]);
    closers.push(() => southReader.close());
    const southStats = await southReader.channel.call<DashboardStats>('getDashboardStats', {
      organizationId,
    });
    expect(southStats.subscribers.total).toBe(2);
    expect(southStats.campaigns.byStatus).toEqual({ archived: 1 });
  });

  it('keeps its figures 600000 ms per partition scope', async () => {
    // Midday, so the default range (to today) stays one day while the clock moves on.
    let now = Date.parse('2026-06-15T12:00:00Z');
    const cache = new DashboardStatsCache(herald.database.db, () => now);
    const actor = { organizationId, userId: 1, capabilities: ['base'], partitionIds: undefined };
    const first = await cache.get(actor);
    await subscriberCreatedOn('2026-03-02');
    now += 599_999;
    expect(await cache.get(actor)).toEqual(first);
    const restricted = await cache.get({ ...actor, partitionIds: [north.partitionId] });
    expect(restricted.subscribers.total).toBe(3);
    now += 1;
    expect((await cache.get(actor)).subscribers.total).toBe(first.subscribers.total + 1);
  });

  it('answers only the authenticated organization', async () => {
    const reader = await connectAs(herald, organizationId, ['Content.Edit']);
    closers.push(() => reader.close());
    const other = await createOrganization(herald);
    expect(
      (await reader.channel.request('getDashboardStats', { organizationId: other })).error,
    ).toBeDefined();
  });
});
