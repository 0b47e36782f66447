import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addList, addPartition, connectAs } from './subscriber-fixtures.ts';

interface Block {
  id: number;
  name: string;
  format: string;
  content: string;
  tags: string[];
  isPublished: boolean;
  target: string | null;
  partitionIds: number[];
  version: number;
}

interface PartitionContentReply {
  activityId: number;
  partitionContent: Array<{ partitionId: number; assetOptins: number[]; lsm: Array<{ contentId: number }> }>;
}

describe('content blocks', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: ChannelClient;
  let reader: ChannelClient;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  let listId: number;
  const closers: Array<() => void> = [];

  const connect = async (roles: string[], partitionsets: number[] = []) => {
    const connection = await connectAs(herald, organizationId, roles, partitionsets);
    closers.push(() => connection.close());
    return connection.channel;
  };
  const write = (data: unknown[], client = editor) =>
    client.request('writeRecords', { organizationId, type: 'contentBlock', data });
  const create = async (fields: Record<string, unknown>, client = editor): Promise<Block> => {
    const reply = await write([{ name: 'Block', ...fields }], client);
    expect(reply.error).toBeUndefined();
    return (reply.result as { records: Block[] }).records[0]!;
  };
  const query = (client: ChannelClient, filter: Record<string, unknown>, extra = {}) =>
    client.call<{ records: Block[]; total: number }>('query', {
      organizationId,
      query: { type: 'contentBlock', filter },
      limit: 100,
      ...extra,
    });

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    north = await addPartition(herald, organizationId, 'Northgate');
    south = await addPartition(herald, organizationId, 'Southbank');
    listId = await addList(herald, organizationId, 'Pizza club');
    editor = await connect(['Content.Edit']);
    reader = await connect(['Database.Read']);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  describe('writeRecords and query', () => {
    it('creates and updates blocks, and queries published ones by tag and partition, by name', async () => {
      const footer = await create({
        name: 'Footer',
        content: '<p>Harbour Pizza · 1 Quay St</p>',
        tags: ['Footer', 'legal'],
        isPublished: true,
      });
      expect(footer).toMatchObject({
        name: 'Footer',
        format: 'html',
        tags: ['Footer', 'legal'],
        isPublished: true,
        target: null,
        partitionIds: [],
      });
      const offer = await create({
        name: 'Northgate offer',
        format: 'mjml',
        content: '<mj-section><mj-column><mj-text>2 for 1</mj-text></mj-column></mj-section>',
        tags: ['offer'],
        isPublished: true,
        partitionIds: [north.partitionId],
      });
      const draft = await create({ name: 'Draft', tags: ['offer'] });

      const published = await query(reader, { isPublished: true }, { sortKey: 'name', sortOrder: 'asc' });
      expect(published.records.map((block) => block.name)).toEqual(['Footer', 'Northgate offer']);
      expect((await query(reader, { isPublished: true, tag: 'OFFER' })).records.map((b) => b.id)).toEqual([
        offer.id,
      ]);
      expect(
        (
          await query(reader, { isPublished: true, partitionIds: { overlaps: [north.partitionId] } })
        ).records.map((block) => block.id),
      ).toEqual([offer.id]);

      const updated = await write([
        { id: draft.id, version: draft.version, isPublished: true, content: '<p>Hi</p>' },
      ]);
      expect(updated.error).toBeUndefined();
      expect((updated.result as { records: Block[] }).records[0]).toMatchObject({
        isPublished: true,
        content: '<p>Hi</p>',
      });
      expect((await write([{ id: draft.id, version: draft.version, name: 'Stale' }])).error?.type).toBe(
        'StaleRecordError',
      );
      expect((await write([{ name: 'x', target: 'list 1' }])).error?.type).toBe('ValidationError');
      expect((await write([{ content: '<p>no name</p>' }])).error?.type).toBe('ValidationError');
      expect((await write([{ name: 'Reader' }], reader)).error?.type).toBe('PrivilegesError');
      expect((await write([{ id: 999_999, version: 1, name: 'Gone' }])).error?.type).toBe(
        'ContentBlockNotFoundError',
      );
    });

    it('shows a partition-restricted user only the blocks of their partitions', async () => {
      const southReader = await connect(['Database.Read'], [south.setId]);
      const southBlock = await create({ name: 'South', partitionIds: [south.partitionId] });
      const everyone = await create({ name: 'Everyone' });
      const seen = (await query(southReader, {})).records.map((block) => block.id);
      expect(seen).toContain(southBlock.id);
      expect(seen).not.toContain(everyone.id);
    });

    it('pushes changed blocks to contentBlock subscribers', async () => {
      const watcher = await connect(['Database.Read']);
      await watcher.call('addSubscription', { organizationId, query: { type: 'contentBlock' } });
      const block = await create({ name: 'Pushed' });
      await expect
        .poll(() =>
          watcher.pushes.some((push) => {
            const data = (push as { data?: { type?: string; records?: Array<{ id: number }> } }).data;
            return (
              data?.type === 'contentBlock' && (data.records ?? []).some((record) => record.id === block.id)
            );
          }),
        )
        .toBe(true);
    });
  });

  describe('updateContentBlockTarget', () => {
    it('needs a content block id', async () => {
      expect(
        (await editor.request('updateContentBlockTarget', { organizationId, target: 'list 1' })).error,
      ).toEqual({
        type: 'ContentBlockTargetIdError',
        message: 'A content block id is needed to update its target.',
      });
    });

    it('checks the target as audiences do, stores its canonical text and clears it', async () => {
      const block = await create({ name: 'Targeted' });
      const set = await editor.call<Block>('updateContentBlockTarget', {
        organizationId,
        contentBlockId: block.id,
        target: `LIST ${listId}   and country = "AU"`,
      });
      expect(set.target).toBe(`list ${listId} and country = "AU"`);
      const bad = await editor.request('updateContentBlockTarget', {
        organizationId,
        contentBlockId: block.id,
        target: 'list 12 and (',
      });
      expect(bad.error?.type).toBe('ValidationError');
      expect(bad.error?.details?.[0]).toMatchObject({ path: 'target', position: expect.any(Number) });
      const unknownList = await editor.request('updateContentBlockTarget', {
        organizationId,
        contentBlockId: block.id,
        target: 'list 999999',
      });
      expect(unknownList.error?.type).toBe('ValidationError');
      const cleared = await editor.call<Block>('updateContentBlockTarget', {
        organizationId,
        contentBlockId: block.id,
        target: null,
      });
      expect(cleared.target).toBeNull();
      expect(
        (
          await editor.request('updateContentBlockTarget', {
            organizationId,
            contentBlockId: 999_999,
            target: null,
          })
        ).error?.type,
      ).toBe('ContentBlockNotFoundError');
    });
  });

  describe('partition content', () => {
    let activityId: number;
    let published: Block;
    let unpublished: Block;
    let assetId: number;

    beforeAll(async () => {
      const campaign = await editor.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'campaign',
        data: [{ name: 'Local offers', startDate: '2026-09-01' }],
      });
      const activity = await editor.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'activity',
        data: [
          {
            campaignId: campaign.records[0]!.id,
            type: 'email',
            name: 'Store news',
            partitionIds: [north.partitionId, south.partitionId],
          },
        ],
      });
      activityId = activity.records[0]!.id;
      published = await create({ name: 'Local hero', isPublished: true });
      unpublished = await create({ name: 'Not yet' });
      assetId = (
        await editor.call<{ id: number }>('createAsset', { organizationId, html: '<p>Store hours</p>' })
      ).id;
    });

    it('sets, reads and removes a partition’s content', async () => {
      const set = await editor.call<PartitionContentReply>('setActivityPartitionContent', {
        organizationId,
        activityId,
        partitionId: north.partitionId,
        assetOptins: [assetId],
        lsm: [{ contentId: published.id }],
      });
      expect(set).toEqual({
        activityId,
        partitionContent: [
          { partitionId: north.partitionId, assetOptins: [assetId], lsm: [{ contentId: published.id }] },
        ],
      });
      expect(
        await reader.call<PartitionContentReply>('getActivityPartitionContent', {
          organizationId,
          activityId,
        }),
      ).toEqual(set);

      const removed = await editor.call<PartitionContentReply>('removeActivityPartitionContent', {
        organizationId,
        activityId,
        partitionId: north.partitionId,
        contentId: published.id,
      });
      expect(removed.partitionContent).toEqual([
        { partitionId: north.partitionId, assetOptins: [assetId], lsm: [] },
      ]);
      const emptied = await editor.call<PartitionContentReply>('setActivityPartitionContent', {
        organizationId,
        activityId,
        partitionId: north.partitionId,
        assetOptins: [],
        lsm: [],
      });
      expect(emptied.partitionContent).toEqual([]);
    });

    it('needs a block content id to remove partition content', async () => {
      const reply = await editor.request('removeActivityPartitionContent', {
        organizationId,
        activityId,
        partitionId: north.partitionId,
      });
      expect(reply.error).toEqual({
        type: 'PartitionContentBlockIdError',
        message: 'Removing partition content needs a block content id.',
      });
    });

    it('removes only a block that is there, and shows a restricted user only their partitions’ entries', async () => {
      const campaign = await editor.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'campaign',
        data: [{ name: 'Both stores', startDate: '2026-09-01' }],
      });
      const activity = await editor.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'activity',
        data: [
          {
            campaignId: campaign.records[0]!.id,
            type: 'email',
            name: 'Both stores news',
            partitionIds: [north.partitionId, south.partitionId],
          },
        ],
      });
      const both = activity.records[0]!.id;
      for (const partitionId of [north.partitionId, south.partitionId])
        await editor.call('setActivityPartitionContent', {
          organizationId,
          activityId: both,
          partitionId,
          assetOptins: [],
          lsm: [{ contentId: published.id }],
        });
      const remove = (fields: Record<string, unknown>) =>
        editor.request('removeActivityPartitionContent', {
          organizationId,
          activityId: both,
          partitionId: north.partitionId,
          contentId: published.id,
          ...fields,
        });
      expect((await remove({ contentId: unpublished.id })).error?.details?.[0]?.path).toBe('contentId');
      expect((await remove({ activityId: 999_999 })).error?.type).toBe('ActivityNotFoundError');
      expect((await remove({ activityId: 'seven' })).error?.type).toBe('ActivityIdNotValidError');
      expect(
        (
          await reader.request('removeActivityPartitionContent', {
            organizationId,
            activityId: both,
            partitionId: north.partitionId,
            contentId: published.id,
          })
        ).error?.type,
      ).toBe('PrivilegesError');
      // Nothing refused changed anything.
      const all = await editor.call<PartitionContentReply>('getActivityPartitionContent', {
        organizationId,
        activityId: both,
      });
      expect(all.partitionContent.map((entry) => entry.partitionId)).toEqual(
        [north.partitionId, south.partitionId].sort((a, b) => a - b),
      );
      for (const entry of all.partitionContent) expect(entry.lsm).toEqual([{ contentId: published.id }]);

      const northReader = await connect(['Database.Read'], [north.setId]);
      const theirs = await northReader.call<PartitionContentReply>('getActivityPartitionContent', {
        organizationId,
        activityId: both,
      });
      expect(theirs.partitionContent.map((entry) => entry.partitionId)).toEqual([north.partitionId]);
    });

    it('refuses unpublished blocks, unknown assets, other partitions and archived activities', async () => {
      const set = (fields: Record<string, unknown>) =>
        editor.request('setActivityPartitionContent', {
          organizationId,
          activityId,
          partitionId: north.partitionId,
          assetOptins: [],
          lsm: [],
          ...fields,
        });
      expect((await set({ lsm: [{ contentId: unpublished.id }] })).error?.details?.[0]?.path).toBe('lsm');
      expect(
        (await set({ lsm: [{ contentId: published.id }, { contentId: published.id }] })).error?.type,
      ).toBe('ValidationError');
      expect((await set({ assetOptins: [999_999] })).error?.details?.[0]?.path).toBe('assetOptins');
      const other = await addPartition(herald, organizationId, 'Elsewhere');
      expect((await set({ partitionId: other.partitionId })).error?.details?.[0]?.path).toBe('partitionId');
      expect((await set({ activityId: 'seven' })).error?.type).toBe('ActivityIdNotValidError');
      expect((await set({ activityId: 999_999 })).error?.type).toBe('ActivityNotFoundError');

      const northEditor = await connect(['Content.Edit'], [north.setId]);
      const notTheirs = await northEditor.request('setActivityPartitionContent', {
        organizationId,
        activityId,
        partitionId: south.partitionId,
        assetOptins: [],
        lsm: [{ contentId: published.id }],
      });
      expect(notTheirs.error?.details?.[0]?.path).toBe('partitionId');

      const [activity] = (
        await editor.call<{ records: Array<{ id: number; version: number }> }>('query', {
          organizationId,
          query: { type: 'activity', filter: { id: activityId } },
        })
      ).records;
      await editor.call('writeRecords', {
        organizationId,
        type: 'activity',
        data: [{ id: activityId, version: activity!.version, isArchived: true }],
      });
      expect((await set({ lsm: [{ contentId: published.id }] })).error?.type).toBe('ItemNotEditableError');
    });
  });
});
