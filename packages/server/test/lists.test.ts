import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addList, addMember, addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface Stats {
  subscribers: number;
  contactable: number;
  unsubscribed: number;
  invalid: number;
  updatedAt: string | null;
}

describe('list statistics', () => {
  let herald: TestHerald;
  let organizationId: number;
  let listId: number;
  let north: { setId: number; partitionId: number };
  let reader: Connected;
  let franchisee: Connected;
  let contentOnly: Connected;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    const south = await addPartition(herald, organizationId, 'South');
    listId = await addList(herald, organizationId, 'Everyone', [north.partitionId, south.partitionId]);
    const members = [
      await addSubscriber(herald, organizationId, { partitionIds: [north.partitionId] }),
      await addSubscriber(herald, organizationId, { partitionIds: [north.partitionId], isInvalid: true }),
      await addSubscriber(herald, organizationId, {
        partitionIds: [south.partitionId],
        isUnsubscribed: true,
      }),
      await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] }),
    ];
    for (const id of members) await addMember(herald, organizationId, listId, id);
    const leaver = await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] });
    await addMember(herald, organizationId, listId, leaver, { unsubscribed: true });
    reader = await connectAs(herald, organizationId, ['Database.Read']);
    franchisee = await connectAs(herald, organizationId, ['franchisee'], [north.setId]);
    contentOnly = await connectAs(herald, organizationId, ['Content.Edit']);
  });
  afterAll(async () => {
    for (const connected of [reader, franchisee, contentOnly]) connected.close();
    await herald.stop();
  });

  it('recounts subscribers, contactable, unsubscribed and invalid, stores them and records the day', async () => {
    const result = await reader.channel.call<{ listId: number; stats: Stats }>('updateListStats', {
      organizationId,
      listId,
    });
    expect(result.stats).toMatchObject({ subscribers: 5, contactable: 2, unsubscribed: 2, invalid: 1 });
    expect(result.stats.updatedAt).not.toBeNull();
    const stored = await herald.database.db
      .selectFrom('subscriber_list')
      .select(['subscriber_count', 'contactable_count'])
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ subscriber_count: 5, contactable_count: 2 });
    const history = await reader.channel.call<{ days: Array<{ date: string; contactable: number }> }>(
      'getListStatsHistory',
      { organizationId, listId },
    );
    expect(history.days.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      contactable: 2,
    });
  });

  it('answers the history oldest first from the date given', async () => {
    await sql`INSERT INTO list_stats_day (list_id, organization_id, day, subscribers, contactable, unsubscribed, invalid)
      VALUES (${listId}, ${organizationId}, '2001-01-01', 1, 1, 0, 0), (${listId}, ${organizationId}, '2010-06-01', 3, 2, 1, 0)
      ON CONFLICT DO NOTHING`.execute(herald.database.db);
    const all = await reader.channel.call<{ days: Array<{ date: string }> }>('getListStatsHistory', {
      organizationId,
      listId,
    });
    expect(all.days.slice(0, 2).map((day) => day.date)).toEqual(['2001-01-01', '2010-06-01']);
    const recent = await reader.channel.call<{ days: Array<{ date: string }> }>('getListStatsHistory', {
      organizationId,
      listId,
      from: '2005-01-01',
    });
    expect(recent.days[0]?.date).toBe('2010-06-01');
  });

  it('gives a restricted user the counts of their partitions only', async () => {
    const result = await franchisee.channel.call<{ stats: Stats }>('updateListStats', {
      organizationId,
      listId,
    });
    expect(result.stats).toMatchObject({ subscribers: 2, contactable: 1, unsubscribed: 0, invalid: 1 });
    const history = await franchisee.channel.call<{ days: Array<{ subscribers: number }> }>(
      'getListStatsHistory',
      {
        organizationId,
        listId,
      },
    );
    expect(history.days).toHaveLength(1);
    expect(history.days[0]?.subscribers).toBe(2);
  });

  it('answers NotFoundError for a list outside the restricted user’s partitions or another organization', async () => {
    const headOffice = await addList(herald, organizationId, 'Head office only');
    const other = await createOrganization(herald);
    const foreign = await addList(herald, other, 'Elsewhere');
    expect(
      (await franchisee.channel.request('updateListStats', { organizationId, listId: headOffice })).error
        ?.type,
    ).toBe('NotFoundError');
    expect(
      (await reader.channel.request('updateListStats', { organizationId, listId: foreign })).error?.type,
    ).toBe('NotFoundError');
  });

  it('needs a list id, and base or franchisee', async () => {
    expect((await reader.channel.request('updateListStats', { organizationId })).error?.type).toBe(
      'MissingParameterError',
    );
    // Content.Edit alone is base (any content role), so it may read lists.
    expect(
      (await contentOnly.channel.request('updateListStats', { organizationId, listId })).error,
    ).toBeUndefined();
  });
});
