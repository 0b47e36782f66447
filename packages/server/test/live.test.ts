import { QUERY_TYPES, resourceDefinitions } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

type Push = {
  event: string;
  organizationId?: number;
  data: { type: string; records: Array<{ id: unknown }> };
};

const recordPushes = (client: ChannelClient) =>
  (client.pushes as Push[]).filter((push) => push.event === 'records');

/** Waits until the client has `count` records pushes (or fails after `timeoutMs`). */
async function pushesOf(client: ChannelClient, count: number, timeoutMs = 2_000): Promise<Push[]> {
  const until = Date.now() + timeoutMs;
  while (recordPushes(client).length < count) {
    if (Date.now() > until)
      throw new Error(`expected ${count} records pushes, got ${recordPushes(client).length}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return recordPushes(client);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

async function member(herald: TestHerald, organizationId: number, partitionsets: number[] = []) {
  const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'], partitionsets }]);
  const { session, sessionId } = await signedIn(herald, user);
  const channel = await organizationConnection(herald, session, sessionId, organizationId);
  return { user, session, sessionId, channel };
}

describe('live subscriptions', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  const clients: ChannelClient[] = [];

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await herald.stop();
  });

  async function connected(organization = organizationId, partitionsets: number[] = []) {
    const opened = await member(herald, organization, partitionsets);
    clients.push(opened.session, opened.channel);
    return opened;
  }

  it('pushes a change of a subscribed type to the connection, in the PROTOCOL §2 format', async () => {
    const { channel } = await connected();
    const { subscriptionId } = await channel.call<{ subscriptionId: string }>('addSubscription', {
      organizationId,
      query: { type: 'campaign' },
    });
    expect(subscriptionId).toEqual(expect.any(String));
    const pushed = channel.nextPush('records');
    await herald.services.recordChanges.announce({
      organizationId,
      type: 'campaign',
      records: [{ id: 12, name: 'Spring' }],
    });
    expect(await pushed).toEqual({
      event: 'records',
      organizationId,
      data: { type: 'campaign', records: [{ id: 12, name: 'Spring' }] },
    });
  });

  it('accepts a subscription to every live resource type of the contract', async () => {
    const { channel } = await connected();
    for (const type of QUERY_TYPES.filter((type) => resourceDefinitions[type].live)) {
      const reply = await channel.request('addSubscription', { organizationId, query: { type } });
      expect(reply.error, type).toBeUndefined();
    }
  });

  it('refuses unknown types and bad parameters with ValidationError, and needs authentication', async () => {
    const { channel } = await connected();
    for (const params of [
      { organizationId, query: { type: 'secrets' } },
      { organizationId, query: {} },
      { organizationId },
      { organizationId, query: { type: 7 } },
    ]) {
      const reply = await channel.request('addSubscription', params);
      // Leaving the query out is the catalogue's MissingParameterError (platform §8); a bad one is invalid.
      expect(reply.error?.type).toBe('query' in params ? 'ValidationError' : 'MissingParameterError');
    }
    const wrongOrganization = await channel.request('addSubscription', {
      organizationId: otherOrganizationId,
      query: { type: 'campaign' },
    });
    expect(wrongOrganization.error).toBeDefined();
    const anonymous = await ChannelClient.open(herald.wsUrl('uiv5'));
    clients.push(anonymous);
    const unauthenticated = await anonymous.request('addSubscription', {
      organizationId,
      query: { type: 'campaign' },
    });
    expect(unauthenticated.error?.type).toBe('UnauthenticatedCommand');
  });

  it('pushes only to subscribers of that type in that organization', async () => {
    const subscribed = await connected();
    const otherType = await connected();
    const unsubscribed = await connected();
    const otherOrganization = await connected(otherOrganizationId);
    await subscribed.channel.call('addSubscription', { organizationId, query: { type: 'list' } });
    await otherType.channel.call('addSubscription', { organizationId, query: { type: 'audience' } });
    await otherOrganization.channel.call('addSubscription', {
      organizationId: otherOrganizationId,
      query: { type: 'list' },
    });
    await herald.services.recordChanges.announce({ organizationId, type: 'list', records: [{ id: 1 }] });
    expect((await pushesOf(subscribed.channel, 1))[0]?.data).toEqual({ type: 'list', records: [{ id: 1 }] });
    await settle();
    expect(recordPushes(otherType.channel)).toEqual([]);
    expect(recordPushes(unsubscribed.channel)).toEqual([]);
    expect(recordPushes(otherOrganization.channel)).toEqual([]);
  });

  it('stops after removeSubscription and after the socket closes', async () => {
    const removing = await connected();
    const closing = await connected();
    const control = await connected();
    const { subscriptionId } = await removing.channel.call<{ subscriptionId: string }>('addSubscription', {
      organizationId,
      query: { type: 'contentBlock' },
    });
    await closing.channel.call('addSubscription', { organizationId, query: { type: 'contentBlock' } });
    await control.channel.call('addSubscription', { organizationId, query: { type: 'contentBlock' } });
    const before = herald.services.recordChanges.subscriptionCount(organizationId);
    await removing.channel.call('removeSubscription', { organizationId, subscriptionId });
    expect(herald.services.recordChanges.subscriptionCount(organizationId)).toBe(before - 1);
    closing.channel.close();
    await closing.channel.closed();
    await herald.services.recordChanges.announce({
      organizationId,
      type: 'contentBlock',
      records: [{ id: 5 }],
    });
    await pushesOf(control.channel, 1);
    await settle();
    expect(recordPushes(removing.channel)).toEqual([]);
    expect(herald.services.recordChanges.subscriptionCount(organizationId)).toBe(before - 2);
  });

  it('does not push to a connection whose session ended', async () => {
    const ending = await connected();
    const control = await connected();
    await ending.channel.call('addSubscription', { organizationId, query: { type: 'cluster' } });
    await control.channel.call('addSubscription', { organizationId, query: { type: 'cluster' } });
    const revoked = ending.channel.nextPush('authenticationRevoked', 3_000);
    await ending.session.call('terminateSession', { sessionId: ending.sessionId });
    await revoked;
    await herald.services.recordChanges.announce({ organizationId, type: 'cluster', records: [{ id: 9 }] });
    await pushesOf(control.channel, 1);
    await settle();
    expect(recordPushes(ending.channel)).toEqual([]);
  });

  it('pushes a partition-restricted user only the records of their partitions', async () => {
    const set = await herald.database.db
      .insertInto('partition_set')
      .values({ organization_id: organizationId, name: 'North' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [north, south] = await Promise.all(
      [set.id, null].map((partitionSetId, index) =>
        herald.database.db
          .insertInto('partition')
          .values({
            organization_id: organizationId,
            partition_set_id: partitionSetId,
            name: `Store ${index}`,
            custom_fields: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    const restricted = await connected(organizationId, [set.id]);
    const headOffice = await connected();
    for (const { channel } of [restricted, headOffice])
      await channel.call('addSubscription', { organizationId, query: { type: 'activity' } });
    const records = [
      { id: 1, partitionIds: [north!.id] },
      { id: 2, partitionIds: [south!.id] },
      { id: 3, partitionIds: [] },
      { id: 4, partition_ids: [south!.id, north!.id] },
      { id: 5 },
    ];
    await herald.services.recordChanges.announce({ organizationId, type: 'activity', records });
    expect((await pushesOf(headOffice.channel, 1))[0]?.data.records).toEqual(records);
    const [pushed] = await pushesOf(restricted.channel, 1);
    expect(pushed?.data.records.map((record) => record.id)).toEqual([1, 4]);
    // Nothing the restricted user may see: no push at all.
    await herald.services.recordChanges.announce({
      organizationId,
      type: 'activity',
      records: [{ id: 6, partitionIds: [south!.id] }],
    });
    await pushesOf(headOffice.channel, 2);
    await settle();
    expect(recordPushes(restricted.channel)).toHaveLength(1);
  });

  it('pushes the records a writeRecords call stored, to the writer and to others', async () => {
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const signed = await signedIn(herald, editor);
    const writer = await organizationConnection(herald, signed.session, signed.sessionId, organizationId);
    const watcher = await connected();
    clients.push(signed.session, writer);
    for (const channel of [writer, watcher.channel])
      await channel.call('addSubscription', { organizationId, query: { type: 'campaign' } });
    const before = recordPushes(watcher.channel).length;
    const { records } = await writer.call<{ records: Array<{ id: number }> }>('writeRecords', {
      organizationId,
      type: 'campaign',
      data: [{ name: 'Live campaign', startDate: '2026-01-01' }],
    });
    const pushed = (await pushesOf(watcher.channel, before + 1)).at(-1);
    expect(pushed).toEqual({ event: 'records', organizationId, data: { type: 'campaign', records } });
    expect((await pushesOf(writer, 1)).at(-1)?.data.records).toEqual(records);
  });

  it('carries changes larger than a NOTIFY payload, reducing oversized records to their ids', async () => {
    const { channel } = await connected();
    await channel.call('addSubscription', { organizationId, query: { type: 'subscriber' } });
    const records = Array.from({ length: 300 }, (_, index) => ({ id: index + 1, note: 'x'.repeat(100) }));
    records.push({ id: 1000, note: 'y'.repeat(20_000) });
    await herald.services.recordChanges.announce({ organizationId, type: 'subscriber', records });
    const until = Date.now() + 3_000;
    let received: Array<{ id: unknown }> = [];
    while (received.length < records.length && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      received = recordPushes(channel).flatMap((push) => push.data.records);
    }
    expect(received.map((record) => record.id)).toEqual(records.map((record) => record.id));
    expect(received.at(-1)).toEqual({ id: 1000 });
    expect(received[0]).toEqual(records[0]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'live subscriptions across two server processes on one PostgreSQL',
  () => {
    it('a change announced on one process reaches subscribers on both, and no other organization', async () => {
      const [first, second] = await Promise.all([startTestHerald(), startTestHerald()]);
      const clients: ChannelClient[] = [];
      try {
        const organizationId = await createOrganization(first);
        const otherOrganizationId = await createOrganization(first);
        const onFirst = await member(first, organizationId);
        const onSecond = await member(second, organizationId);
        const otherOnSecond = await member(second, otherOrganizationId);
        clients.push(
          ...[onFirst, onSecond, otherOnSecond].flatMap(({ session, channel }) => [session, channel]),
        );
        for (const [{ channel }, organization] of [
          [onFirst, organizationId],
          [onSecond, organizationId],
          [otherOnSecond, otherOrganizationId],
        ] as const)
          await channel.call('addSubscription', {
            organizationId: organization,
            query: { type: 'campaign' },
          });
        await first.services.recordChanges.announce({
          organizationId,
          type: 'campaign',
          records: [{ id: 77 }],
        });
        const expected = { type: 'campaign', records: [{ id: 77 }] };
        expect((await pushesOf(onSecond.channel, 1))[0]?.data).toEqual(expected);
        expect((await pushesOf(onFirst.channel, 1))[0]?.data).toEqual(expected);
        // And back: announced on the second process, heard on the first.
        await second.services.recordChanges.announce({
          organizationId,
          type: 'campaign',
          records: [{ id: 78 }],
        });
        expect((await pushesOf(onFirst.channel, 2))[1]?.data.records).toEqual([{ id: 78 }]);
        await settle();
        expect(recordPushes(otherOnSecond.channel)).toEqual([]);
      } finally {
        for (const client of clients) client.close();
        await Promise.all([first.stop(), second.stop()]);
      }
    });
  },
);
