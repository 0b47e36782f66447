import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

interface Records<T = Record<string, unknown>> {
  records: T[];
  total: number;
}

describe('subscribers, lists, memberships, history and custom fields as query types', () => {
  let herald: TestHerald;
  let organizationId: number;
  let north: number;
  let south: number;
  let northSet: number;
  const sockets: Array<{ close(): void }> = [];

  async function connect(roles: string[], partitionsets: number[] = [], organization = organizationId) {
    const user = await createUser(herald, [{ organizationId: organization, roles, partitionsets }]);
    const { session, sessionId } = await signedIn(herald, user);
    const channel = await organizationConnection(herald, session, sessionId, organization);
    sockets.push(session, channel);
    return channel;
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const db = herald.database.db;
    northSet = (
      await db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'North' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const partition = async (name: string, set: number | null) =>
      (
        await db
          .insertInto('partition')
          .values({ organization_id: organizationId, name, partition_set_id: set, custom_fields: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    north = await partition('North Store', northSet);
    south = await partition('South Store', null);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await herald.stop();
  });

  let manager: ChannelClient;
  let listId: number;
  let subscriberId: number;

  it('creates lists and subscribers on them, and reads the members of a list', async () => {
    manager = await connect(['Database.Manage']);
    const lists = await manager.call<Records<{ id: number; state: string; version: number }>>(
      'writeRecords',
      {
        organizationId,
        type: 'list',
        data: [
          { name: 'Newsletter', description: 'Monthly news', partitionIds: [north] },
          { name: 'Empty list', listType: 'seed' },
        ],
      },
    );
    listId = lists.records[0]!.id;
    expect(lists.records.map((list) => list.state)).toEqual(['empty', 'empty']);

    await manager.call('writeRecords', {
      organizationId,
      type: 'customField',
      data: [
        {
          type: 'subscriber',
          field: 'loyalty_tier',
          schema: { dataType: 'text', values: ['gold', 'silver'] },
        },
      ],
    });
    const created = await manager.call<Records<{ id: number; displayName: string; custom: unknown }>>(
      'writeRecords',
      {
        organizationId,
        type: 'subscriber',
        data: [
          {
            email: 'Ada@Example.com',
            firstname: 'Ada',
            lastname: 'Lovelace',
            country: 'AU',
            custom: { loyalty_tier: 'gold' },
            partitionIds: [north],
            listIds: [listId],
          },
          { email: 'bob@example.com', country: 'NZ', partitionIds: [south] },
        ],
      },
    );
    subscriberId = created.records[0]!.id;
    expect(created.records[0]).toMatchObject({
      displayName: 'Ada Lovelace',
      custom: { loyalty_tier: 'gold' },
    });

    const members = await manager.call<Records<{ email: string }>>('query', {
      organizationId,
      query: { type: 'subscriber', filter: { listId } },
    });
    expect(members.records.map((member) => member.email)).toEqual(['Ada@Example.com']);
    const [list] = (
      await manager.call<Records<{ state: string; stats: { subscribers: number; contactable: number } }>>(
        'query',
        {
          organizationId,
          query: { type: 'list', filter: { id: listId } },
        },
      )
    ).records;
    expect(list).toMatchObject({ state: 'active', stats: { subscribers: 1, contactable: 1 } });
    const count = await manager.call<Records>('query', {
      organizationId,
      query: { type: 'subscriber', filter: { country: ['AU', 'NZ'] } },
      limit: 0,
    });
    expect(count).toEqual({ records: [], total: 2 });
  });

  it('refuses a second subscriber with the same e-mail in any case, a bad custom value and an unknown list', async () => {
    const duplicate = await manager.request('writeRecords', {
      organizationId,
      type: 'subscriber',
      data: [{ email: 'ada@example.COM' }],
    });
    expect(duplicate.error?.type).toBe('ValidationError');
    const badValue = await manager.request('writeRecords', {
      organizationId,
      type: 'subscriber',
      data: [{ email: 'carol@example.com', custom: { loyalty_tier: 'bronze' } }],
    });
    expect(badValue.error?.details?.[0]?.path).toBe('data.0.custom.loyalty_tier');
    for (const email of ['not an address', 'e1@x.test|Pipe', '<e6>@x.test', '.e16@x.test', 'e9@x_y.test']) {
      const badEmail = await manager.request('writeRecords', {
        organizationId,
        type: 'subscriber',
        data: [{ email }],
      });
      expect(badEmail.error?.type, email).toBe('EmailNotValidError');
    }
    const unknownList = await manager.request('writeRecords', {
      organizationId,
      type: 'subscriber',
      data: [{ email: 'dan@example.com', listIds: [999_999] }],
    });
    expect(unknownList.error?.details?.[0]?.path).toBe('data.0.listIds');
  });

  it('shows memberships and the interaction history of a subscriber', async () => {
    const memberships = await manager.call<Records<{ listName: string; is_list_unsubscribed: boolean }>>(
      'query',
      {
        organizationId,
        query: { type: 'listMembership', filter: { subscriberId } },
      },
    );
    expect(memberships.records).toMatchObject([{ listName: 'Newsletter', is_list_unsubscribed: false }]);
    const events = await manager.call<Records<{ kind: string }>>('query', {
      organizationId,
      query: { type: 'subscriberEvent', filter: { subscriberId, kind: ['listsubscribed'] } },
    });
    expect(events.records.map((event) => event.kind)).toEqual(['listsubscribed']);
    const badKind = await manager.request('query', {
      organizationId,
      query: { type: 'subscriberEvent', filter: { kind: 'teleported' } },
    });
    expect(badKind.error?.type).toBe('ValidationError');
  });

  it('filters lists by the list-only filters and by state', async () => {
    const names = async (filter: Record<string, unknown>) =>
      (
        await manager.call<Records<{ name: string }>>('query', {
          organizationId,
          query: { type: 'list', filter },
          sortKey: 'name',
          sortOrder: 'asc',
        })
      ).records.map((list) => list.name);
    expect(await names({ isEmpty: true })).toEqual(['Empty list']);
    expect(await names({ isActive: true })).toEqual(['Newsletter']);
    expect(await names({ state: ['empty'] })).toEqual(['Empty list']);
    expect(await names({ listType: 'seed' })).toEqual(['Empty list']);
    expect(await names({ lastUpdated: { gte: '2000-01-01T00:00:00Z' } })).toEqual([
      'Empty list',
      'Newsletter',
    ]);
    const wrongType = await manager.request('query', {
      organizationId,
      query: { type: 'subscriber', filter: { isEmpty: true } },
    });
    expect(wrongType.error?.details?.[0]?.message).toBe('The filter "isEmpty" applies only to list queries');
  });

  it('shows a franchisee only their partitions’ subscribers, lists and memberships', async () => {
    const franchisee = await connect(['franchisee'], [northSet]);
    const subscribers = await franchisee.call<Records<{ email: string }>>('query', {
      organizationId,
      query: { type: 'subscriber' },
    });
    expect(subscribers.records.map((subscriber) => subscriber.email)).toEqual(['Ada@Example.com']);
    // Bob (South) joins the Newsletter too: the organization's count is 2, the North franchisee's 1.
    const bob = await herald.database.db
      .selectFrom('subscriber')
      .select('id')
      .where('email', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    await herald.database.db
      .insertInto('list_membership')
      .values({
        list_id: listId,
        subscriber_id: bob.id,
        organization_id: organizationId,
        list_option: 'optin',
        source_name: 'test',
      })
      .execute();
    await manager.call('updateListStats', { organizationId, listId });
    const lists = await franchisee.call<Records<{ name: string; stats: { subscribers: number } }>>('query', {
      organizationId,
      query: { type: 'list' },
    });
    expect(lists.records.map((list) => [list.name, list.stats.subscribers])).toEqual([['Newsletter', 1]]);
    const headOffice = await manager.call<Records<{ stats: { subscribers: number } }>>('query', {
      organizationId,
      query: { type: 'list', filter: { id: listId } },
    });
    expect(headOffice.records[0]?.stats.subscribers).toBe(2);
    const fields = await franchisee.call<Records<{ field: string }>>('query', {
      organizationId,
      query: { type: 'customField' },
    });
    expect(fields.records.map((field) => field.field)).toEqual(['loyalty_tier']);
  });

  it('blocks new lists when the import rules say so', async () => {
    await herald.database.db
      .updateTable('organization')
      .set({ settings: JSON.stringify({ import: { rules: JSON.stringify({ disallowNewLists: true }) } }) })
      .where('id', '=', organizationId)
      .execute();
    const refused = await manager.request('writeRecords', {
      organizationId,
      type: 'list',
      data: [{ name: 'No' }],
    });
    expect(refused.error?.type).toBe('NewListNotAllowedError');
    await herald.database.db
      .updateTable('organization')
      .set({ settings: '{}' })
      .where('id', '=', organizationId)
      .execute();
  });

  it('keeps custom fields valid: unique names, working patterns, calculated rules, no renames', async () => {
    const duplicate = await manager.request('writeRecords', {
      organizationId,
      type: 'customField',
      data: [{ type: 'subscriber', field: 'LOYALTY_TIER' }],
    });
    expect(duplicate.error?.details?.[0]?.path).toBe('data.0.field');
    const badPattern = await manager.request('writeRecords', {
      organizationId,
      type: 'customField',
      data: [{ type: 'subscriber', field: 'code', validationRegex: '([a-z' }],
    });
    expect(badPattern.error?.details?.[0]?.path).toBe('data.0.validationRegex');
    const split = (percentages: number[]) => ({
      type: 'subscriber',
      field: `split_${percentages.join('_')}`,
      calculation: {
        kind: 'calculated',
        target: `list ${listId}`,
        ruleType: 'percentageSplit',
        ruleAction: 'updateMatching',
        frequency: 'daily',
        startAt: null,
        interval: null,
        rules: percentages.map((percentage, index) => ({ value: `v${index}`, percentage })),
      },
    });
    const notHundred = await manager.request('writeRecords', {
      organizationId,
      type: 'customField',
      data: [split([50, 40])],
    });
    expect(notHundred.error?.type).toBe('PercentageSplitTotalError');
    const stored = await manager.call<Records<{ id: number; version: number }>>('writeRecords', {
      organizationId,
      type: 'customField',
      data: [split([50, 50])],
    });
    const field = stored.records[0]!;
    const rename = await manager.request('writeRecords', {
      organizationId,
      type: 'customField',
      data: [{ id: field.id, version: field.version, field: 'renamed' }],
    });
    expect(rename.error?.details?.[0]?.path).toBe('data.0.field');
    await manager.call('writeRecords', {
      organizationId,
      type: 'customField',
      data: [{ id: field.id, version: field.version, isDeleted: true }],
    });
    const remaining = await manager.call<Records<{ field: string }>>('query', {
      organizationId,
      query: { type: 'customField', search: 'SPLIT' },
    });
    expect(remaining.total).toBe(0);
  });

  it('answers a large page total as the planner’s estimate, flagged, but counts exactly for limit 0', async () => {
    const subscriberResource = herald.services.resources.of('subscriber');
    const threshold = subscriberResource.estimateTotalsAbove;
    subscriberResource.estimateTotalsAbove = 0;
    try {
      const page = await manager.call<Records & { totalIsEstimate?: boolean }>('query', {
        organizationId,
        query: { type: 'subscriber' },
      });
      expect(page.totalIsEstimate).toBe(true);
      expect(page.records).toHaveLength(2);
      const counted = await manager.call<Records & { totalIsEstimate?: boolean }>('query', {
        organizationId,
        query: { type: 'subscriber' },
        limit: 0,
      });
      expect(counted).toEqual({ records: [], total: 2 });
    } finally {
      subscriberResource.estimateTotalsAbove = threshold;
    }
  });

  it('refuses list and subscriber writes to a reader', async () => {
    const reader = await connect(['Database.Read']);
    for (const type of ['list', 'subscriber', 'customField']) {
      const reply = await reader.request('writeRecords', { organizationId, type, data: [{ name: 'x' }] });
      expect(reply.error?.type).toBe('PrivilegesError');
    }
  });
});
