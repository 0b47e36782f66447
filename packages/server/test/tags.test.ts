import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface TagStats {
  subscribers: number;
  contactable: number;
  predictedEngagement: number | null;
  predictedConversion: number | null;
  predictedValue: number | null;
  updatedAt: string | null;
}
interface TagRecord {
  id: number;
  name: string;
  description: string;
  isArchived: boolean;
  stats: TagStats;
  version: number;
}

/**
 * Tags through the protocol: records written with writeRecords, subscribers tagged with tagSubscribers, and
 * figures whose expected values are worked out by hand from the fixtures' scores.
 */
describe('tags', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  let manager: Connected;
  let reader: Connected;
  let northManager: Connected;
  const ids: Record<string, number> = {};
  let foreignSubscriber: number;

  async function withScores(id: number, scores: Record<string, unknown>) {
    await sql`UPDATE subscriber SET scores = ${JSON.stringify(scores)}::jsonb WHERE id = ${id}`.execute(
      herald.database.db,
    );
  }

  async function writeTag(connection: Connected, data: Record<string, unknown>) {
    return connection.channel.request('writeRecords', { organizationId, type: 'tag', data: [data] });
  }

  async function createTag(name: string): Promise<TagRecord> {
    const reply = await writeTag(manager, { name });
    expect(reply.error).toBeUndefined();
    return (reply.result as { records: TagRecord[] }).records[0]!;
  }

  async function queryTags(connection: Connected, query: Record<string, unknown>) {
    return connection.channel.call<{ records: TagRecord[]; total: number }>('query', {
      organizationId,
      query: { type: 'tag', ...query },
      limit: 100,
    });
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    south = await addPartition(herald, organizationId, 'South');
    // ann and ben contactable and scored, cat unsubscribed, dan invalid, eve contactable without scores.
    ids.ann = await addSubscriber(herald, organizationId, { partitionIds: [north.partitionId] });
    ids.ben = await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] });
    ids.cat = await addSubscriber(herald, organizationId, {
      partitionIds: [north.partitionId],
      isUnsubscribed: true,
    });
    ids.dan = await addSubscriber(herald, organizationId, {
      partitionIds: [south.partitionId],
      isInvalid: true,
    });
    ids.eve = await addSubscriber(herald, organizationId, { partitionIds: [north.partitionId] });
    await withScores(ids.ann, {
      predicted_lifetime_engagement: 0.8,
      predicted_lifetime_conversion: 0.2,
      predicted_lifetime_value: 100,
    });
    await withScores(ids.ben, {
      predicted_lifetime_engagement: 0.4,
      predicted_lifetime_conversion: 0.1,
      predicted_lifetime_value: 50,
    });
    // Not contactable: left out of the averages.
    await withScores(ids.cat, { predicted_lifetime_engagement: 0.1, predicted_lifetime_value: 1000 });
    foreignSubscriber = await addSubscriber(herald, otherOrganizationId);
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
    reader = await connectAs(herald, organizationId, ['Database.Read']);
    northManager = await connectAs(herald, organizationId, ['Database.Manage'], [north.setId]);
  });
  afterAll(async () => {
    for (const connected of [manager, reader, northManager]) connected?.close();
    await herald?.stop();
  });

  it('creates a tag with empty figures and reads it back', async () => {
    const tag = await createTag('Loyal');
    expect(tag).toMatchObject({
      name: 'Loyal',
      description: '',
      isArchived: false,
      version: 1,
      stats: {
        subscribers: 0,
        contactable: 0,
        predictedEngagement: null,
        predictedConversion: null,
        predictedValue: null,
        updatedAt: null,
      },
    });
    const found = await queryTags(reader, { filter: { name: { contains: 'loy' } } });
    expect(found.records.map((record) => record.id)).toEqual([tag.id]);
    const searched = await queryTags(reader, { search: 'LOYAL' });
    expect(searched.records.map((record) => record.id)).toEqual([tag.id]);
  });

  it('refuses a second tag of the same name in any case, on create and on rename', async () => {
    await createTag('Winter');
    const duplicate = await writeTag(manager, { name: 'WINTER' });
    expect(duplicate.error?.type).toBe('ValidationError');
    expect(duplicate.error?.details).toEqual([
      { path: 'data.0.name', message: 'A tag with this name exists' },
    ]);
    const summer = await createTag('Summer');
    const renamed = await writeTag(manager, { id: summer.id, version: summer.version, name: 'winter' });
    expect(renamed.error?.details?.[0]?.path).toBe('data.0.name');
    // Its own name in another case is not a clash.
    const recased = await writeTag(manager, { id: summer.id, version: summer.version, name: 'SUMMER' });
    expect(recased.error).toBeUndefined();
    // The same name in another organization is not a clash either.
    const elsewhere = await connectAs(herald, otherOrganizationId, ['Database.Manage']);
    const other = await elsewhere.channel.request('writeRecords', {
      organizationId: otherOrganizationId,
      type: 'tag',
      data: [{ name: 'Winter' }],
    });
    expect(other.error).toBeUndefined();
    elsewhere.close();
  });

  it('archives a tag with its version, and filters by isArchived', async () => {
    const tag = await createTag('Old');
    const stale = await writeTag(manager, { id: tag.id, version: tag.version + 1, isArchived: true });
    expect(stale.error?.type).toBe('StaleRecordError');
    const archived = await manager.channel.call<{ records: TagRecord[] }>('writeRecords', {
      organizationId,
      type: 'tag',
      data: [{ id: tag.id, version: tag.version, isArchived: true }],
    });
    expect(archived.records[0]).toMatchObject({ id: tag.id, isArchived: true, version: 2 });
    const listed = await queryTags(reader, { filter: { isArchived: true } });
    expect(listed.records.map((record) => record.name)).toEqual(['Old']);
    const active = await queryTags(reader, {
      filter: { isArchived: false },
      sortKey: 'name',
      sortOrder: 'asc',
    });
    expect(active.records.map((record) => record.name)).not.toContain('Old');
  });

  it('tags and untags the organization’s subscribers only, and refreshes the stored figures', async () => {
    const tag = await createTag('Tagged');
    // `tag` is not among the contract's subscription types yet, so the announcement itself is what is checked.
    const announce = vi.spyOn(herald.services.recordChanges, 'announce');
    const everyone = [ids.ann!, ids.ben!, ids.cat!, ids.dan!, ids.eve!];
    const added = await manager.channel.call<{ changed: number }>('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: [...everyone, foreignSubscriber],
    });
    expect(added.changed).toBe(5);
    expect(announce).toHaveBeenCalledWith({
      organizationId,
      type: 'tag',
      records: [
        expect.objectContaining({
          id: tag.id,
          stats: expect.objectContaining({ subscribers: 5, contactable: 3 }),
        }),
      ],
    });
    announce.mockRestore();
    const again = await manager.channel.call<{ changed: number }>('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: everyone,
    });
    expect(again.changed).toBe(0);
    const foreignRows = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM subscriber_tag
      WHERE subscriber_id = ${foreignSubscriber}`.execute(herald.database.db);
    expect(foreignRows.rows[0]?.count).toBe(0);
    const [stored] = (await queryTags(reader, { filter: { id: tag.id } })).records;
    // Contactable: ann, ben, eve; averages over ann and ben (eve has no scores, cat is unsubscribed).
    expect(stored?.stats).toMatchObject({ subscribers: 5, contactable: 3 });
    expect(stored?.stats.predictedEngagement).toBeCloseTo(0.6);
    expect(stored?.stats.predictedConversion).toBeCloseTo(0.15);
    expect(stored?.stats.predictedValue).toBeCloseTo(75);
    expect(stored?.stats.updatedAt).not.toBeNull();

    const removed = await manager.channel.call<{ changed: number }>('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: [ids.ben!, ids.dan!],
      remove: true,
    });
    expect(removed.changed).toBe(2);
    const recounted = await reader.channel.call<{ stats: TagStats }>('updateTagStats', {
      organizationId,
      tagId: tag.id,
    });
    expect(recounted.stats).toMatchObject({
      subscribers: 3,
      contactable: 2,
      predictedConversion: 0.2,
      predictedValue: 100,
    });
    expect(recounted.stats.predictedEngagement).toBeCloseTo(0.8);
  });

  it('matches `tag N` in a subscriber query’s target', async () => {
    const tag = await createTag('Targeted');
    await manager.channel.call('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: [ids.ben!, ids.eve!],
    });
    const { records } = await manager.channel.call<{ records: Array<{ id: number }> }>('query', {
      organizationId,
      query: { type: 'subscriber', filter: { target: `tag ${tag.id}` } },
      limit: 100,
    });
    expect(records.map((record) => record.id).sort((a, b) => a - b)).toEqual(
      [ids.ben!, ids.eve!].sort((a, b) => a - b),
    );
  });

  it('lets a restricted user tag their partitions’ subscribers only, and answers their figures', async () => {
    const tag = await createTag('Northern');
    const tagged = await northManager.channel.call<{ changed: number }>('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: [ids.ann!, ids.ben!, ids.cat!],
    });
    // ben is in South.
    expect(tagged.changed).toBe(2);
    await manager.channel.call('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: [ids.ben!],
    });
    const theirs = await northManager.channel.call<{ stats: TagStats }>('updateTagStats', {
      organizationId,
      tagId: tag.id,
    });
    expect(theirs.stats).toMatchObject({ subscribers: 2, contactable: 1, predictedValue: 100 });
    const stored = await herald.database.db
      .selectFrom('tag')
      .select('stats')
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(stored.stats).toMatchObject({ subscribers: 3, contactable: 2 });
    // Reading tags, the restricted user sees the figures of their partitions too.
    const [read] = (await queryTags(northManager, { filter: { id: tag.id } })).records;
    expect(read?.stats).toMatchObject({ subscribers: 2, contactable: 1 });
    const untagged = await northManager.channel.call<{ changed: number }>('tagSubscribers', {
      organizationId,
      tagId: tag.id,
      subscriberIds: [ids.ben!],
      remove: true,
    });
    expect(untagged.changed).toBe(0);
  });

  it('refuses writes to a reader, and answers NotFoundError for a tag that is not the organization’s', async () => {
    const tag = await createTag('Read only');
    expect((await writeTag(reader, { name: 'Nope' })).error?.type).toBe('PrivilegesError');
    expect((await writeTag(reader, { id: tag.id, version: tag.version, isArchived: true })).error?.type).toBe(
      'PrivilegesError',
    );
    expect(
      (
        await reader.channel.request('tagSubscribers', {
          organizationId,
          tagId: tag.id,
          subscriberIds: [ids.ann!],
        })
      ).error?.type,
    ).toBe('PrivilegesError');
    expect(
      (await reader.channel.request('updateTagStats', { organizationId, tagId: 999_999 })).error?.type,
    ).toBe('NotFoundError');
    const elsewhere = await connectAs(herald, otherOrganizationId, ['Database.Manage']);
    const foreign = await elsewhere.channel.request('tagSubscribers', {
      organizationId: otherOrganizationId,
      tagId: tag.id,
      subscriberIds: [foreignSubscriber],
    });
    expect(foreign.error?.type).toBe('NotFoundError');
    elsewhere.close();
  });
});
