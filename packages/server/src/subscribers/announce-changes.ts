import type { SubscriberRecord } from '@herald/protocol';
import type { Services } from '../services.ts';
import { sql } from 'kysely';
import { readListRecords } from '../lists/list-record.ts';
import { readRecords } from '../query/read-records.ts';
import { listMembershipResource } from './list-membership-resource.ts';
import { subscriberEventResource } from './subscriber-event-resource.ts';

/**
 * Pushes changed subscribers, lists, memberships and history to subscribed connections after the transaction committed. The change
 * is stored already, so a failed push is logged rather than answered as a failure.
 */
export async function announceChanges(
  services: Services,
  organizationId: number,
  changes: {
    subscribers?: SubscriberRecord[];
    listIds?: readonly number[];
    /** Memberships of one subscriber that changed, pushed as `listMembership` records. */
    memberships?: { subscriberId: number; listIds: readonly number[] };
    /** Events written to subscribers' histories, pushed as `subscriberEvent` records. */
    eventIds?: readonly number[];
  },
): Promise<void> {
  try {
    if (changes.subscribers && changes.subscribers.length > 0)
      await services.recordChanges.announce({
        organizationId,
        type: 'subscriber',
        records: changes.subscribers,
      });
    if (changes.listIds && changes.listIds.length > 0) {
      const lists = await readListRecords(services.db, organizationId, changes.listIds);
      await services.recordChanges.announce({ organizationId, type: 'list', records: lists });
    }
    const { memberships, eventIds } = changes;
    if (memberships && memberships.listIds.length > 0) {
      const records = await readRecords(
        services.db,
        listMembershipResource,
        organizationId,
        sql`list_membership.subscriber_id = ${memberships.subscriberId}
          AND list_membership.list_id IN (${sql.join([...memberships.listIds])})`,
      );
      await services.recordChanges.announce({ organizationId, type: 'listMembership', records });
    }
    if (eventIds && eventIds.length > 0) {
      const records = await readRecords(
        services.db,
        subscriberEventResource,
        organizationId,
        sql`subscriber_event.id IN (${sql.join([...eventIds])})`,
      );
      await services.recordChanges.announce({ organizationId, type: 'subscriberEvent', records });
    }
  } catch (error) {
    services.log.error({ err: error }, 'announcing changed records failed');
  }
}
