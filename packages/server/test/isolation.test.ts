import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/** A token for one organization never reads or writes another's campaigns, whatever the client sends. */
describe('cross-organization isolation (campaigns)', () => {
  let herald: TestHerald;
  let orgA: number;
  let orgB: number;
  let channelA: ChannelClient;
  let bIds: number[];
  let bPartition: number;

  beforeAll(async () => {
    herald = await startTestHerald();
    orgA = await createOrganization(herald);
    orgB = await createOrganization(herald);
    // The same user is System.Admin in both: only the connection's authenticated organization counts.
    const user = await createUser(herald, [
      { organizationId: orgA, roles: ['System.Admin'] },
      { organizationId: orgB, roles: ['System.Admin'] },
    ]);
    const { session, sessionId } = await signedIn(herald, user);
    channelA = await organizationConnection(herald, session, sessionId, orgA);
    const db = herald.database.db;
    bPartition = (
      await db
        .insertInto('partition')
        .values({ organization_id: orgB, name: 'B store', custom_fields: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await db
      .insertInto('campaign')
      .values(
        ['B secret one', 'B secret two'].map((name) => ({
          organization_id: orgB,
          name,
          start_date: '2026-01-01',
          partition_ids: [bPartition],
          created_at: new Date(),
          updated_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    bIds = rows.map((row) => row.id);
    await db
      .insertInto('campaign')
      .values({
        organization_id: orgA,
        name: 'A own',
        start_date: '2026-01-01',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
  });
  afterAll(() => herald.stop());

  const bRows = () =>
    herald.database.db
      .selectFrom('campaign')
      .selectAll()
      .where('organization_id', '=', orgB)
      .orderBy('id')
      .execute();

  it('refuses params naming the other organization', async () => {
    for (const [command, params] of [
      ['query', { organizationId: orgB, query: { type: 'campaign' } }],
      [
        'writeRecords',
        { organizationId: orgB, type: 'campaign', data: [{ name: 'x', startDate: '2026-01-01' }] },
      ],
    ] as const) {
      expect((await channelA.request(command, params)).error?.type).toBe('OrgAuthenticationError');
    }
  });

  it.each([
    ['guessed ids', { id: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }],
    ['a guessed id', 'B_ID'],
    ["B's partition", { partitionIds: ['B_PARTITION'] }],
    ['status archived', { status: 'archived' }],
    ['no filter', {}],
  ])('never reads the other organization with %s', async (_label, filter) => {
    const resolved =
      filter === 'B_ID'
        ? { id: bIds[0] }
        : JSON.parse(JSON.stringify(filter).replace('"B_PARTITION"', String(bPartition)));
    const reply = await channelA.request('query', {
      organizationId: orgA,
      query: { type: 'campaign', filter: resolved, search: 'secret' },
      limit: 1000,
    });
    expect(reply.result).toEqual({ records: [], total: 0 });
  });

  it('never reads the other organization by search or sort', async () => {
    const reply = await channelA.request('query', {
      organizationId: orgA,
      query: { type: 'campaign', search: 'B' },
      sortKey: 'name',
      limit: 1000,
    });
    const names = (reply.result as { records: Array<{ name: string }> }).records.map((record) => record.name);
    expect(names).not.toContain('B secret one');
    expect(names).not.toContain('B secret two');
  });

  it("cannot update or archive the other organization's campaigns by id", async () => {
    const before = await bRows();
    for (const id of bIds) {
      for (const change of [{ name: 'Hijacked' }, { isArchived: true }]) {
        const reply = await channelA.request('writeRecords', {
          organizationId: orgA,
          type: 'campaign',
          data: [{ id, version: 1, ...change }],
        });
        expect(reply.error?.type).toBe('NotFoundError');
      }
    }
    expect(await bRows()).toEqual(before);
  });

  it('cannot create into the other organization or with its partitions', async () => {
    const before = await bRows();
    for (const record of [
      { name: 'x', startDate: '2026-01-01', organization_id: orgB },
      { name: 'x', startDate: '2026-01-01', organizationId: orgB },
      { name: 'x', startDate: '2026-01-01', partitionIds: [bPartition] },
    ]) {
      const reply = await channelA.request('writeRecords', {
        organizationId: orgA,
        type: 'campaign',
        data: [record],
      });
      expect(reply.error?.type).toBe('ValidationError');
    }
    expect(await bRows()).toEqual(before);
  });
});
