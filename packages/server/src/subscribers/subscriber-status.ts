import { HeraldError, type SubscriberRecord } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { refreshListStats } from '../lists/list-stats.ts';
import type { Actor } from '../query/resources.ts';
import { lockVisibleSubscriber, visibleList } from './subscriber-access.ts';
import { SUBSCRIBER_SELECT, subscriberRecord, type SubscriberRow } from './subscriber-record.ts';

/** Functional §3: the default communication preference of a membership. */
const DEFAULT_LIST_OPTION = 'optin';

export interface StatusChange {
  isInvalid?: boolean | undefined;
  isUnsubscribed?: boolean | undefined;
  list?: { listId: number; unsubscribed: boolean; listOption?: string | undefined } | undefined;
}

async function addEvent(
  trx: Transaction<Database>,
  actor: Actor,
  subscriberId: number,
  kind: 'unsubscribed' | 'listsubscribed' | 'profileupdated',
  listId: number | null,
  details: Record<string, unknown>,
): Promise<number> {
  const { id } = await trx
    .insertInto('subscriber_event')
    .values({
      organization_id: actor.organizationId,
      subscriber_id: subscriberId,
      kind,
      activity_id: null,
      list_id: listId,
      details: JSON.stringify({ ...details, byUserId: actor.userId }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Functional §4's subscriber transitions: invalid flag set or reset, global unsubscribe set or reset, list
 * subscribe or unsubscribe. Each change is an event in the subscriber's history. The named list's statistics
 * are recounted; answers the subscriber, the lists whose statistics changed and the events written.
 */
export async function setSubscriberStatus(
  trx: Transaction<Database>,
  actor: Actor,
  subscriberId: number,
  change: StatusChange,
): Promise<{ subscriber: SubscriberRecord; listIds: number[]; eventIds: number[] }> {
  const current = await lockVisibleSubscriber(trx, actor, subscriberId);
  if (!current) throw new HeraldError('NotFoundError');
  const list = change.list ? await visibleList(trx, actor, change.list.listId) : undefined;
  if (change.list && !list) throw new HeraldError('NotFoundError');

  const isInvalid = change.isInvalid ?? Boolean(current.is_invalid);
  const isUnsubscribed = change.isUnsubscribed ?? Boolean(current.is_unsubscribed);
  const eventIds: number[] = [];
  if (isInvalid !== Boolean(current.is_invalid))
    eventIds.push(
      await addEvent(trx, actor, subscriberId, 'profileupdated', null, { is_invalid: isInvalid }),
    );
  if (isUnsubscribed !== Boolean(current.is_unsubscribed)) {
    eventIds.push(
      isUnsubscribed
        ? await addEvent(trx, actor, subscriberId, 'unsubscribed', null, { scope: 'global' })
        : await addEvent(trx, actor, subscriberId, 'profileupdated', null, { is_unsubscribed: false }),
    );
  }

  if (change.list && list) {
    const { unsubscribed, listOption } = change.list;
    // Unsubscribing someone not on the list still records the wish: a membership marked unsubscribed.
    await sql`
      INSERT INTO list_membership (list_id, subscriber_id, organization_id, is_list_unsubscribed, list_option)
      VALUES (${list.id}, ${subscriberId}, ${actor.organizationId}, ${unsubscribed},
        ${listOption ?? DEFAULT_LIST_OPTION})
      ON CONFLICT (list_id, subscriber_id) DO UPDATE SET is_list_unsubscribed = EXCLUDED.is_list_unsubscribed,
        list_option = coalesce(${listOption ?? null}::text, list_membership.list_option, EXCLUDED.list_option),
        updated_at = now()`.execute(trx);
    await sql`UPDATE subscriber_list SET last_updated = now() WHERE id = ${list.id}`.execute(trx);
    eventIds.push(
      await addEvent(trx, actor, subscriberId, unsubscribed ? 'unsubscribed' : 'listsubscribed', list.id, {
        scope: 'list',
        ...(listOption === undefined ? {} : { listOption }),
      }),
    );
  }

  const row = (
    await sql<SubscriberRow>`
      UPDATE subscriber SET is_invalid = ${isInvalid}, is_unsubscribed = ${isUnsubscribed}, version = version + 1,
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      WHERE id = ${subscriberId} AND organization_id = ${actor.organizationId}
      RETURNING ${SUBSCRIBER_SELECT}`.execute(trx)
  ).rows[0];
  if (!row) throw new HeraldError('NotFoundError');
  if (list) await refreshListStats(trx, actor.organizationId, list.id);
  return { subscriber: subscriberRecord(row), listIds: list ? [list.id] : [], eventIds };
}
