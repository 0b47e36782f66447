import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import {
  addCustomField,
  addList,
  addMember,
  addPartition,
  addSubscriber,
  connectAs,
  subscriberRow,
} from './subscriber-fixtures.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface Subscriber {
  id: number;
  custom: Record<string, unknown>;
  extra: Record<string, unknown>;
  partitionIds: number[];
  is_invalid: boolean;
  is_unsubscribed: boolean;
  notifications: string | null;
  version: number;
  anonymizedAt: string | null;
}

describe('subscriber commands', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let manager: Connected;
  let reader: Connected;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  let franchisee: Connected;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    south = await addPartition(herald, organizationId, 'South');
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
    reader = await connectAs(herald, organizationId, ['Database.Read']);
    franchisee = await connectAs(herald, organizationId, ['Database.Manage', 'franchisee'], [north.setId]);
    await addCustomField(herald, organizationId, 'loyaltyTier', { values: ['gold', 'silver'] });
    await addCustomField(herald, organizationId, 'visits', { dataType: 'number' });
    await addCustomField(herald, organizationId, 'storeCode', { validationRegex: '^[A-Z]{3}$' });
  });
  afterAll(async () => {
    for (const connected of [manager, reader, franchisee]) connected.close();
    await herald.stop();
  });

  const update = (connected: Connected, subscriberId: number, data: Record<string, unknown>) =>
    connected.channel.request('updateSubscriber', { organizationId, subscriberId, data });

  describe('updateSubscriber', () => {
    it('updates custom fields, extra data, preferences and partitions, and records the change', async () => {
      const id = await addSubscriber(herald, organizationId, {
        custom: { visits: 1, loyaltyTier: 'silver' },
      });
      const reply = await update(manager, id, {
        id,
        version: 1,
        custom: { LoyaltyTier: 'gold', visits: '12' },
        extra: { source: 'counter' },
        notifications: 'weekly',
        partitionIds: [north.partitionId],
      });
      expect(reply.error).toBeUndefined();
      const { subscriber } = reply.result as { subscriber: Subscriber };
      expect(subscriber.custom).toEqual({ loyaltyTier: 'gold', visits: 12 });
      expect(subscriber.extra).toEqual({ source: 'counter' });
      expect(subscriber.notifications).toBe('weekly');
      expect(subscriber.partitionIds).toEqual([north.partitionId]);
      expect(subscriber.version).toBe(2);
      const events = await sql<{
        kind: string;
      }>`SELECT kind FROM subscriber_event WHERE subscriber_id = ${id}`.execute(herald.database.db);
      expect(events.rows.map((event) => event.kind)).toEqual(['profileupdated']);
    });

    it('pushes the updated subscriber to connections subscribed to subscribers', async () => {
      const watcher = await connectAs(herald, organizationId, ['Database.Read']);
      await watcher.channel.call('addSubscription', { organizationId, query: { type: 'subscriber' } });
      const id = await addSubscriber(herald, organizationId);
      const pushed = watcher.channel.nextPush('records', 5_000);
      await update(manager, id, { notifications: 'monthly' });
      const push = (await pushed) as {
        data: { type: string; records: Array<{ id: number; notifications: string }> };
      };
      expect(push.data.type).toBe('subscriber');
      expect(push.data.records).toEqual([expect.objectContaining({ id, notifications: 'monthly' })]);
      watcher.close();
    });

    it('clears a custom value given as null', async () => {
      const id = await addSubscriber(herald, organizationId, { custom: { visits: 3, loyaltyTier: 'gold' } });
      const reply = await update(manager, id, { custom: { visits: null } });
      expect((reply.result as { subscriber: Subscriber }).subscriber.custom).toEqual({ loyaltyTier: 'gold' });
    });

    it('answers "Subscriber IDs do not match" when the payload id is another', async () => {
      const id = await addSubscriber(herald, organizationId);
      const reply = await update(manager, id, { id: id + 1000, custom: { visits: 2 } });
      expect(reply.error).toMatchObject({
        type: 'SubscriberIdsDoNotMatchError',
        message: 'Subscriber IDs do not match',
      });
    });

    it.each(['email', 'firstname', 'is_unsubscribed', 'ref', 'country'])(
      'refuses to update the standard profile field %s',
      async (field) => {
        const id = await addSubscriber(herald, organizationId);
        const reply = await update(manager, id, { [field]: 'x' });
        expect(reply.error?.type).toBe('StandardFieldNotEditableError');
      },
    );

    it('checks custom values against their fields', async () => {
      const id = await addSubscriber(herald, organizationId);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ loyaltyTier: 'bronze' }, 'data.custom.loyaltyTier'],
        [{ visits: 'many' }, 'data.custom.visits'],
        [{ storeCode: 'abc' }, 'data.custom.storeCode'],
        [{ nowhere: 'x' }, 'data.custom.nowhere'],
      ];
      for (const [custom, path] of cases) {
        const reply = await update(manager, id, { custom });
        expect(reply.error?.type).toBe('ValidationError');
        expect(reply.error?.details?.[0]?.path).toBe(path);
      }
    });

    it('refuses another organization’s partition and a stale version', async () => {
      const id = await addSubscriber(herald, organizationId);
      const foreign = await addPartition(herald, otherOrganizationId, 'Foreign');
      const reply = await update(manager, id, { partitionIds: [foreign.partitionId] });
      expect(reply.error?.type).toBe('ValidationError');
      expect(reply.error?.details?.[0]?.path).toBe('data.partitionIds');
      expect((await update(manager, id, { version: 7, notifications: 'x' })).error?.type).toBe(
        'StaleRecordError',
      );
    });

    it('answers "An error occurred while updating subscriber" for a subscriber that is not there', async () => {
      const foreign = await addSubscriber(herald, otherOrganizationId);
      for (const id of [foreign, 987654321]) {
        const reply = await update(manager, id, { notifications: 'x' });
        expect(reply.error).toMatchObject({
          type: 'SubscriberUpdateError',
          message: 'An error occurred while updating subscriber',
        });
      }
    });

    it('lets a restricted user update only their partitions’ subscribers, keeping the others’ partitions', async () => {
      const southern = await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] });
      expect((await update(franchisee, southern, { notifications: 'x' })).error?.type).toBe(
        'SubscriberUpdateError',
      );
      const both = await addSubscriber(herald, organizationId, {
        partitionIds: [north.partitionId, south.partitionId],
      });
      const reply = await update(franchisee, both, { partitionIds: [north.partitionId] });
      expect((reply.result as { subscriber: Subscriber }).subscriber.partitionIds).toEqual(
        [north.partitionId, south.partitionId].sort((a, b) => a - b),
      );
      const refused = await update(franchisee, both, { partitionIds: [south.partitionId] });
      expect(refused.error?.type).toBe('ValidationError');
    });

    it('needs database-manage', async () => {
      const id = await addSubscriber(herald, organizationId);
      expect((await update(reader, id, { notifications: 'x' })).error?.type).toBe('PrivilegesError');
    });
  });

  describe('setSubscriberStatus', () => {
    it('sets and resets the invalid flag and the global unsubscribe, with events', async () => {
      const id = await addSubscriber(herald, organizationId);
      const set = await manager.channel.call<{ subscriber: Subscriber }>('setSubscriberStatus', {
        organizationId,
        subscriberId: id,
        isInvalid: true,
        isUnsubscribed: true,
      });
      expect(set.subscriber).toMatchObject({ is_invalid: true, is_unsubscribed: true });
      const reset = await manager.channel.call<{ subscriber: Subscriber }>('setSubscriberStatus', {
        organizationId,
        subscriberId: id,
        isInvalid: false,
        isUnsubscribed: false,
      });
      expect(reset.subscriber).toMatchObject({ is_invalid: false, is_unsubscribed: false });
      const events = await sql<{
        kind: string;
      }>`SELECT kind FROM subscriber_event WHERE subscriber_id = ${id} ORDER BY id`.execute(
        herald.database.db,
      );
      expect(events.rows.map((event) => event.kind)).toContain('unsubscribed');
    });

    it('pushes the changed membership and the new history to connections following them', async () => {
      const watcher = await connectAs(herald, organizationId, ['Database.Read']);
      for (const type of ['listMembership', 'subscriberEvent'])
        await watcher.channel.call('addSubscription', { organizationId, query: { type } });
      const id = await addSubscriber(herald, organizationId);
      const listId = await addList(herald, organizationId, 'Followed');
      await manager.channel.call('setSubscriberStatus', {
        organizationId,
        subscriberId: id,
        list: { listId, unsubscribed: true },
      });
      const pushed = (type: string) =>
        (watcher.channel.pushes as Array<{ event: string; data: { type: string; records: unknown[] } }>)
          .filter((push) => push.event === 'records' && push.data.type === type)
          .flatMap((push) => push.data.records);
      await expect
        .poll(() => pushed('listMembership').length > 0 && pushed('subscriberEvent').length > 0, {
          timeout: 5_000,
        })
        .toBe(true);
      expect(pushed('listMembership')).toEqual([
        expect.objectContaining({
          id: `${listId}:${id}`,
          listId,
          subscriberId: id,
          is_list_unsubscribed: true,
        }),
      ]);
      expect(pushed('subscriberEvent')).toEqual([
        expect.objectContaining({ subscriberId: id, kind: 'unsubscribed', listId }),
      ]);
      watcher.close();
    });

    it('subscribes to and unsubscribes from a list, recounting the list', async () => {
      const id = await addSubscriber(herald, organizationId);
      const listId = await addList(herald, organizationId, 'Newsletter');
      await manager.channel.call('setSubscriberStatus', {
        organizationId,
        subscriberId: id,
        list: { listId, unsubscribed: false, listOption: 'weekly' },
      });
      let list = await herald.database.db
        .selectFrom('subscriber_list')
        .selectAll()
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      expect([list.subscriber_count, list.contactable_count, list.unsubscribed_count]).toEqual([1, 1, 0]);
      await manager.channel.call('setSubscriberStatus', {
        organizationId,
        subscriberId: id,
        list: { listId, unsubscribed: true },
      });
      list = await herald.database.db
        .selectFrom('subscriber_list')
        .selectAll()
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      expect([list.subscriber_count, list.contactable_count, list.unsubscribed_count]).toEqual([1, 0, 1]);
      const membership = await herald.database.db
        .selectFrom('list_membership')
        .selectAll()
        .where('list_id', '=', listId)
        .executeTakeFirstOrThrow();
      expect(membership).toMatchObject({ is_list_unsubscribed: true, list_option: 'weekly' });
      const events = await sql<{ kind: string; list_id: number }>`SELECT kind, list_id FROM subscriber_event
        WHERE subscriber_id = ${id} ORDER BY id`.execute(herald.database.db);
      expect(events.rows).toEqual([
        { kind: 'listsubscribed', list_id: listId },
        { kind: 'unsubscribed', list_id: listId },
      ]);
    });

    it('answers NotFoundError for another organization’s or an invisible subscriber or list', async () => {
      const foreign = await addSubscriber(herald, otherOrganizationId);
      const mine = await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] });
      const foreignList = await addList(herald, otherOrganizationId, 'Theirs');
      const call = (connected: Connected, params: Record<string, unknown>) =>
        connected.channel.request('setSubscriberStatus', { organizationId, ...params });
      expect((await call(manager, { subscriberId: foreign, isInvalid: true })).error?.type).toBe(
        'NotFoundError',
      );
      expect((await call(franchisee, { subscriberId: mine, isInvalid: true })).error?.type).toBe(
        'NotFoundError',
      );
      expect(
        (await call(manager, { subscriberId: mine, list: { listId: foreignList, unsubscribed: false } }))
          .error?.type,
      ).toBe('NotFoundError');
      expect((await subscriberRow(herald, foreign)).is_invalid).toBe(false);
    });
  });

  describe('anonymizeSubscriber', () => {
    it('erases the profile for good, keeps events de-identified and list counts, and is idempotent', async () => {
      const id = await addSubscriber(herald, organizationId, {
        email: 'erase.me@example.test',
        firstname: 'Erin',
        lastname: 'Erased',
        custom: { loyaltyTier: 'gold' },
        partitionIds: [north.partitionId],
      });
      const keeper = await addSubscriber(herald, organizationId);
      const listId = await addList(herald, organizationId, 'Members');
      await addMember(herald, organizationId, listId, id);
      await addMember(herald, organizationId, listId, keeper);
      await herald.database.db
        .insertInto('subscriber_event')
        .values({
          organization_id: organizationId,
          subscriber_id: id,
          kind: 'formsubmitted',
          activity_id: null,
          list_id: listId,
          details: JSON.stringify({ email: 'erase.me@example.test' }),
        })
        .execute();
      const first = await manager.channel.call<{ subscriberId: number; anonymizedAt: string }>(
        'anonymizeSubscriber',
        { organizationId, subscriberId: id },
      );
      expect(first.subscriberId).toBe(id);
      const row = await subscriberRow(herald, id);
      expect(row).toMatchObject({ email: null, firstname: null, lastname: null, custom: {}, extra: {} });
      expect(row.partition_ids).toEqual([north.partitionId]);
      const events = await sql<{ kind: string; details: unknown }>`SELECT kind, details FROM subscriber_event
        WHERE subscriber_id = ${id}`.execute(herald.database.db);
      expect(events.rows).toEqual([{ kind: 'formsubmitted', details: {} }]);
      const stats = await manager.channel.call<{ stats: { subscribers: number; contactable: number } }>(
        'updateListStats',
        { organizationId, listId },
      );
      expect(stats.stats).toMatchObject({ subscribers: 2, contactable: 1 });
      const again = await manager.channel.call<{ anonymizedAt: string }>('anonymizeSubscriber', {
        organizationId,
        subscriberId: id,
      });
      expect(again.anonymizedAt).toBe(first.anonymizedAt);
      expect((await update(manager, id, { notifications: 'x' })).error?.type).toBe('SubscriberUpdateError');
    });

    it('reaches only the organization’s and, for a restricted user, their partitions’ subscribers', async () => {
      const foreign = await addSubscriber(herald, otherOrganizationId, { email: 'keep@example.test' });
      const southern = await addSubscriber(herald, organizationId, { partitionIds: [south.partitionId] });
      const anonymize = (connected: Connected, subscriberId: number) =>
        connected.channel.request('anonymizeSubscriber', { organizationId, subscriberId });
      expect((await anonymize(manager, foreign)).error?.type).toBe('NotFoundError');
      expect((await anonymize(franchisee, southern)).error?.type).toBe('NotFoundError');
      expect((await anonymize(reader, southern)).error?.type).toBe('PrivilegesError');
      expect((await subscriberRow(herald, foreign)).email).toBe('keep@example.test');
      expect((await subscriberRow(herald, southern)).anonymized_at).toBeNull();
    });
  });
});
