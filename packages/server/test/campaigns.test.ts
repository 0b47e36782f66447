import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

interface Campaign {
  id: number;
  name: string;
  startDate: string;
  endDate: string | null;
  details: string;
  notes: string;
  partitionIds: number[];
  isArchived: boolean;
  updatedAt: string;
  version: number;
}

async function connectAs(
  herald: TestHerald,
  organizationId: number,
  roles: string[],
  partitionsets: number[] = [],
) {
  const user = await createUser(herald, [{ organizationId, roles, partitionsets }]);
  const { session, sessionId } = await signedIn(herald, user);
  return organizationConnection(herald, session, sessionId, organizationId);
}

describe('campaigns', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: ChannelClient;
  let northPartition: number;
  let southPartition: number;
  let northSet: number;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    editor = await connectAs(herald, organizationId, ['Content.Edit']);
    const db = herald.database.db;
    northSet = (
      await db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'North' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const southSet = (
      await db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'South' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    northPartition = (
      await db
        .insertInto('partition')
        .values({
          organization_id: organizationId,
          partition_set_id: northSet,
          name: 'Northgate',
          custom_fields: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    southPartition = (
      await db
        .insertInto('partition')
        .values({
          organization_id: organizationId,
          partition_set_id: southSet,
          name: 'Southbank',
          custom_fields: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => herald.stop());

  const write = (client: ChannelClient, data: unknown[]) =>
    client.request('writeRecords', { organizationId, type: 'campaign', data });
  const create = async (fields: Record<string, unknown>): Promise<Campaign> => {
    const reply = await write(editor, [{ name: 'Campaign', startDate: '2026-03-01', ...fields }]);
    expect(reply.error).toBeUndefined();
    return (reply.result as { records: Campaign[] }).records[0]!;
  };

  describe('writeRecords', () => {
    it('creates a campaign and answers it as stored', async () => {
      const reply = await write(editor, [
        {
          name: '  Easter Feast ',
          startDate: '2026-04-01',
          endDate: '2026-04-20',
          details: 'Hot cross pizzas',
          notes: 'n',
        },
      ]);
      const [record] = (reply.result as { records: Campaign[] }).records;
      expect(record).toMatchObject({
        name: 'Easter Feast',
        startDate: '2026-04-01',
        endDate: '2026-04-20',
        details: 'Hot cross pizzas',
        notes: 'n',
        partitionIds: [],
        isArchived: false,
        version: 1,
      });
      const stored = await herald.database.db
        .selectFrom('campaign')
        .selectAll()
        .where('id', '=', record!.id)
        .executeTakeFirstOrThrow();
      expect(stored.organization_id).toBe(organizationId);
    });

    it('updates with the version read, and refuses a stale version or updatedAt', async () => {
      const created = await create({ name: 'Draft' });
      const updated = await write(editor, [
        { id: created.id, version: created.version, name: 'Final', endDate: '2026-05-01' },
      ]);
      const [record] = (updated.result as { records: Campaign[] }).records;
      expect(record).toMatchObject({
        id: created.id,
        name: 'Final',
        startDate: '2026-03-01',
        endDate: '2026-05-01',
        version: 2,
      });

      const stale = await write(editor, [{ id: created.id, version: created.version, name: 'Lost update' }]);
      expect(stale.error).toEqual({
        type: 'StaleRecordError',
        message: 'This record was changed by someone else. Reload it and try again.',
      });
      const staleByTime = await write(editor, [
        { id: created.id, updatedAt: created.updatedAt, notes: 'late' },
      ]);
      expect(staleByTime.error?.type).toBe('StaleRecordError');
      const byTime = await write(editor, [
        { id: created.id, updatedAt: record!.updatedAt, notes: 'on time' },
      ]);
      expect((byTime.result as { records: Campaign[] }).records[0]).toMatchObject({
        notes: 'on time',
        version: 3,
      });

      const badTime = await write(editor, [{ id: created.id, updatedAt: 'last week', notes: 'x' }]);
      expect(badTime.error?.details?.[0]?.path).toBe('data.0.updatedAt');
      const missing = await write(editor, [{ id: created.id, name: 'No version' }]);
      expect(missing.error?.type).toBe('ValidationError');
      const row = await herald.database.db
        .selectFrom('campaign')
        .select('name')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Final');
    });

    it('archives and unarchives', async () => {
      const created = await create({ name: 'To archive' });
      const archived = await write(editor, [{ id: created.id, version: 1, isArchived: true }]);
      expect((archived.result as { records: Campaign[] }).records[0]).toMatchObject({
        isArchived: true,
        version: 2,
      });
      const restored = await write(editor, [{ id: created.id, version: 2, isArchived: false }]);
      expect((restored.result as { records: Campaign[] }).records[0]).toMatchObject({
        isArchived: false,
        version: 3,
      });
    });

    it.each([
      ['organization_id', { organization_id: 999 }],
      ['organizationId', { organizationId: 999 }],
      ['createdAt', { createdAt: '2000-01-01T00:00:00Z' }],
      ['partition_ids', { partition_ids: [1] }],
      ['is_archived', { is_archived: true }],
    ])('refuses mass assignment of %s', async (key, extra) => {
      const reply = await write(editor, [{ name: 'Sneaky', startDate: '2026-01-01', ...extra }]);
      expect(reply.error?.type).toBe('ValidationError');
      expect(JSON.stringify(reply.error?.details)).toContain(key);
    });

    it.each([
      ['no name', { startDate: '2026-01-01' }, 'data.0.name'],
      ['blank name', { name: '   ', startDate: '2026-01-01' }, 'data.0.name'],
      ['no start date', { name: 'x' }, 'data.0.startDate'],
      ['bad start date', { name: 'x', startDate: '01/02/2026' }, 'data.0.startDate'],
      ['end before start', { name: 'x', startDate: '2026-02-01', endDate: '2026-01-31' }, 'data.0.endDate'],
      ['version on create', { name: 'x', startDate: '2026-02-01', version: 3 }, 'data.0.version'],
    ])('refuses %s', async (_label, record, path) => {
      const reply = await write(editor, [record]);
      expect(reply.error?.type).toBe('ValidationError');
      expect(reply.error?.details?.[0]?.path).toBe(path);
    });

    it('refuses an end date before the stored start date on update', async () => {
      const created = await create({ startDate: '2026-06-01' });
      const reply = await write(editor, [{ id: created.id, version: 1, endDate: '2026-05-01' }]);
      expect(reply.error?.details?.[0]?.path).toBe('data.0.endDate');
    });

    it('accepts the organization partitions only', async () => {
      const created = await create({ partitionIds: [northPartition, southPartition] });
      expect(created.partitionIds).toEqual([northPartition, southPartition]);
      const other = await createOrganization(herald);
      const foreign = await herald.database.db
        .insertInto('partition')
        .values({ organization_id: other, name: 'Foreign', custom_fields: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reply = await write(editor, [{ name: 'x', startDate: '2026-01-01', partitionIds: [foreign.id] }]);
      expect(reply.error?.details?.[0]?.path).toBe('data.0.partitionIds');
    });

    it('writes nothing when one record of a batch fails', async () => {
      const before = await herald.database.db
        .selectFrom('campaign')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const reply = await write(editor, [
        { name: 'Good', startDate: '2026-01-01' },
        { id: 2_000_000_000, version: 1, name: 'Ghost' },
      ]);
      expect(reply.error?.type).toBe('NotFoundError');
      const after = await herald.database.db
        .selectFrom('campaign')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('authorization table', () => {
    let northCampaign: Campaign;
    let southCampaign: Campaign;
    let headOfficeCampaign: Campaign;

    beforeAll(async () => {
      northCampaign = await create({ name: 'North only', partitionIds: [northPartition] });
      southCampaign = await create({ name: 'South only', partitionIds: [southPartition] });
      headOfficeCampaign = await create({ name: 'Head office' });
    });

    type Cell = 'ok' | 'PrivilegesError';
    const table: Array<[string, string[], Cell, Cell]> = [
      // role(s), query, writeRecords
      ['System.Admin', ['System.Admin'], 'ok', 'ok'],
      ['System.PowerUser', ['System.PowerUser'], 'ok', 'ok'],
      ['Content.Edit', ['Content.Edit'], 'ok', 'ok'],
      ['Content.Approve', ['Content.Approve'], 'ok', 'PrivilegesError'],
      ['Database.Read', ['Database.Read'], 'ok', 'PrivilegesError'],
      ['Database.Manage', ['Database.Manage'], 'ok', 'PrivilegesError'],
      ['franchisee', ['franchisee'], 'ok', 'PrivilegesError'],
    ];

    it.each(table)('%s: query %s', async (_label, roles, queryCell) => {
      const partitioned = roles.includes('franchisee');
      const client = await connectAs(herald, organizationId, roles, partitioned ? [northSet] : []);
      const reply = await client.request('query', {
        organizationId,
        query: { type: 'campaign' },
        limit: 1000,
      });
      if (queryCell !== 'ok') return expect(reply.error?.type).toBe(queryCell);
      const records = (reply.result as { records: Campaign[] }).records;
      const ids = records.map((record) => record.id);
      if (partitioned) {
        // Only campaigns tagged with one of the franchisee's partitions (north); never south-only or untagged.
        expect(ids).toContain(northCampaign.id);
        expect(ids).not.toContain(southCampaign.id);
        expect(ids).not.toContain(headOfficeCampaign.id);
        for (const record of records) expect(record.partitionIds).toContain(northPartition);
      } else
        expect(ids).toEqual(
          expect.arrayContaining([northCampaign.id, southCampaign.id, headOfficeCampaign.id]),
        );
    });

    it.each(table)('%s: writeRecords %s', async (_label, roles, _queryCell, writeCell) => {
      const client = await connectAs(
        herald,
        organizationId,
        roles,
        roles.includes('franchisee') ? [northSet] : [],
      );
      const reply = await write(client, [{ name: `By ${roles.join('+')}`, startDate: '2026-01-01' }]);
      if (writeCell === 'ok')
        expect((reply.result as { records: Campaign[] }).records[0]?.name).toBe(`By ${roles.join('+')}`);
      else expect(reply.error?.type).toBe(writeCell);
    });

    it('franchisee: cannot widen the partition filter from the client', async () => {
      const client = await connectAs(herald, organizationId, ['franchisee'], [northSet]);
      for (const filter of [
        { partitionIds: [southPartition] },
        { id: southCampaign.id },
        { id: headOfficeCampaign.id },
      ]) {
        const reply = await client.request('query', { organizationId, query: { type: 'campaign', filter } });
        const records = (reply.result as { records: Campaign[] }).records;
        expect(records.map((record) => record.id)).not.toContain(southCampaign.id);
        expect(records.map((record) => record.id)).not.toContain(headOfficeCampaign.id);
        for (const record of records) expect(record.partitionIds).toContain(northPartition);
      }
    });

    it('franchisee with Content.Edit: writes only within its partitions', async () => {
      const client = await connectAs(herald, organizationId, ['franchisee', 'Content.Edit'], [northSet]);
      const own = await write(client, [
        { name: 'Store promo', startDate: '2026-01-01', partitionIds: [northPartition] },
      ]);
      expect((own.result as { records: Campaign[] }).records[0]?.partitionIds).toEqual([northPartition]);
      const outside = await write(client, [
        { name: 'x', startDate: '2026-01-01', partitionIds: [southPartition] },
      ]);
      expect(outside.error?.type).toBe('ValidationError');
      const none = await write(client, [{ name: 'x', startDate: '2026-01-01' }]);
      expect(none.error?.type).toBe('ValidationError');
      const other = await write(client, [
        { id: southCampaign.id, version: southCampaign.version, name: 'Taken' },
      ]);
      expect(other.error?.type).toBe('NotFoundError');
    });

    it('no access: no organization token, and an unauthenticated connection is refused', async () => {
      const outsider = await createUser(herald, []);
      const { session, sessionId } = await signedIn(herald, outsider);
      const token = await session.request('getOrganizationToken', { sessionId, organizationId });
      expect(token.error).toBeDefined();
      const anonymous = await ChannelClient.open(herald.wsUrl('uiv5'));
      for (const [command, params] of [
        ['query', { organizationId, query: { type: 'campaign' } }],
        [
          'writeRecords',
          { organizationId, type: 'campaign', data: [{ name: 'x', startDate: '2026-01-01' }] },
        ],
      ] as const) {
        expect((await anonymous.request(command, params)).error?.type).toBe('UnauthenticatedCommand');
      }
    });
  });
});

describe('demo campaigns', () => {
  it('seeds a dozen Demo Pizza Co campaigns across every status, and the franchisee sees its region only', async () => {
    const herald = await startTestHerald(
      { seedDemoData: true, demoPassword: 'demo-password-123' },
      { freshDatabase: true },
    );
    try {
      // The demo's campaigns fill in after the server listens.
      await herald.demoData;
      const pizza = await herald.database.db
        .selectFrom('organization')
        .select('id')
        .where('name', '=', 'Demo Pizza Co')
        .executeTakeFirstOrThrow();
      const connect = async (email: string) => {
        const { session, sessionId } = await signedIn(herald, { email, password: 'demo-password-123' });
        return organizationConnection(herald, session, sessionId, pizza.id);
      };
      const count = async (client: ChannelClient, status: string) =>
        (
          await client.call<{ total: number }>('query', {
            organizationId: pizza.id,
            query: { type: 'campaign', filter: { status } },
            limit: 0,
          })
        ).total;
      const viewer = await connect('viewer@example.com');
      const totals = Object.fromEntries(
        await Promise.all(
          ['all', 'active', 'upcoming', 'completed', 'archived'].map(async (status) => [
            status,
            await count(viewer, status),
          ]),
        ),
      );
      expect(totals).toEqual({ all: 10, active: 4, upcoming: 3, completed: 3, archived: 2 });
      const franchisee = await connect('franchisee@example.com');
      const { records } = await franchisee.call<{ records: Campaign[] }>('query', {
        organizationId: pizza.id,
        query: { type: 'campaign', filter: { status: 'all' } },
        sortKey: 'name',
        sortOrder: 'asc',
      });
      expect(records.map((record) => record.name)).toEqual([
        'Footy Finals Feast',
        'Harbour Festival',
        'Northgate Grand Reopening',
      ]);
    } finally {
      await herald.stop();
    }
  });
});
