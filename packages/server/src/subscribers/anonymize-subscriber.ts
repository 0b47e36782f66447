import { HeraldError, type SubscriberRecord } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { refreshListStats } from '../lists/list-stats.ts';
import type { Actor } from '../query/resources.ts';
import { lockVisibleSubscriber } from './subscriber-access.ts';
import { SUBSCRIBER_SELECT, subscriberRecord, type SubscriberRow } from './subscriber-record.ts';

/**
 * Erases a subscriber's profile for good: every standard profile field, custom values, extra data, scores,
 * the source, and the details of every event. What stays is de-identified: the row's id, its partitions, its
 * flags, its list memberships and its events (kind, time, activity, list), so reports count the same. An
 * anonymized subscriber is never contactable (list-stats.ts). Calling it again changes nothing.
 */
export async function anonymizeSubscriber(
  trx: Transaction<Database>,
  actor: Actor,
  subscriberId: number,
): Promise<{ subscriber: SubscriberRecord; listIds: number[] }> {
  const current = await lockVisibleSubscriber(trx, actor, subscriberId);
  if (!current) throw new HeraldError('NotFoundError');
  if (current.anonymized_at) return { subscriber: subscriberRecord(current), listIds: [] };
  const row = (
    await sql<SubscriberRow>`
      UPDATE subscriber SET email = NULL, ref = NULL, title = NULL, firstname = NULL, lastname = NULL,
        gender = NULL, dob = NULL, phone = NULL, address = NULL, address2 = NULL, address3 = NULL, suburb = NULL,
        state = NULL, postcode = NULL, country = NULL, cluster_id = NULL, notifications = NULL,
        resume_date = NULL, extra = '{}', custom = '{}', scores = '{}', source_name = NULL,
        anonymized_at = now(), version = version + 1,
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      WHERE id = ${subscriberId} AND organization_id = ${actor.organizationId}
      RETURNING ${SUBSCRIBER_SELECT}`.execute(trx)
  ).rows[0];
  if (!row) throw new HeraldError('NotFoundError');
  await sql`UPDATE subscriber_event SET details = '{}'
    WHERE subscriber_id = ${subscriberId} AND organization_id = ${actor.organizationId}`.execute(trx);
  const memberships = await sql<{ list_id: number }>`
    UPDATE list_membership SET source_name = NULL, updated_at = now()
    WHERE subscriber_id = ${subscriberId} AND organization_id = ${actor.organizationId}
    RETURNING list_id`.execute(trx);
  const listIds = memberships.rows.map((membership) => Number(membership.list_id));
  // Contactable counts drop by one; the lists' subscriber counts stay.
  for (const listId of listIds) await refreshListStats(trx, actor.organizationId, listId);
  return { subscriber: subscriberRecord(row), listIds };
}
