import { parseTarget, type TargetNode } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { listIdsOfSubscriber } from '../lists/list-recounts.ts';
import { refreshListStats } from '../lists/list-stats.ts';
import type { Services } from '../services.ts';
import { announceChanges } from '../subscribers/announce-changes.ts';
import { recordTrackingEvent, type TrackedDelivery } from './tracked-delivery.ts';

/** A list of the organization the subscriber is on, and whether they left it. */
export interface Subscription {
  listId: number;
  name: string;
  unsubscribed: boolean;
}

/** What an unsubscribe link takes the subscriber off: the lists named, or everything (`lists` empty). */
export interface UnsubscribeScope {
  lists: Subscription[];
  /** Already unsubscribed from all of it: a repeated POST changes nothing. */
  done: boolean;
}

/**
 * The lists an activity's target names as lists to be on: `list 3`, `list 3 any`, inside and/or, but not under
 * `not` and not `list 3 unsubscribed` (those name people to leave out, or people who already left).
 */
export function listsNamedBy(target: string | null): number[] {
  if (!target) return [];
  const parsed = parseTarget(target);
  if (!parsed.ok) return [];
  const found = new Set<number>();
  const visit = (node: TargetNode): void => {
    if (node.type === 'and' || node.type === 'or') node.items.forEach(visit);
    else if (node.type === 'list' && node.state !== 'unsubscribed') found.add(node.listId);
  };
  visit(parsed.tree);
  return [...found];
}

/**
 * The unsubscribe rule (docs/architecture.md § Tracking): the subscriber leaves the lists the
 * activity's target names that they are on (list_membership.is_list_unsubscribed). When the target names no
 * list, or none the subscriber is on (they were reached some other way), the unsubscribe is global
 * (subscriber.is_unsubscribed): an unsubscribe must always stop the next message.
 */
export async function unsubscribeScope(
  db: Kysely<Database>,
  delivery: TrackedDelivery,
): Promise<UnsubscribeScope> {
  const named = listsNamedBy(delivery.target);
  const lists =
    named.length === 0
      ? []
      : (await subscriptionsOf(db, delivery)).filter((list) => named.includes(list.listId));
  if (lists.length > 0) return { lists, done: lists.every((list) => list.unsubscribed) };
  return { lists: [], done: await isGloballyUnsubscribed(db, delivery) };
}

/** The organization's lists the subscriber is on (or left), by name. */
export async function subscriptionsOf(
  db: Kysely<Database>,
  delivery: TrackedDelivery,
): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('list_membership as m')
    .innerJoin('subscriber_list as l', 'l.id', 'm.list_id')
    .select(['l.id', 'l.name', 'm.is_list_unsubscribed'])
    .where('m.subscriber_id', '=', delivery.subscriberId)
    .where('m.organization_id', '=', delivery.organizationId)
    .where('l.organization_id', '=', delivery.organizationId)
    .where('l.is_archived', '=', false)
    .orderBy('l.name')
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({ listId: row.id, name: row.name, unsubscribed: row.is_list_unsubscribed }));
}

/** Whether the subscriber is globally unsubscribed. */
export async function isGloballyUnsubscribed(
  db: Kysely<Database>,
  delivery: TrackedDelivery,
): Promise<boolean> {
  const row = await db
    .selectFrom('subscriber')
    .select('is_unsubscribed')
    .where('id', '=', delivery.subscriberId)
    .executeTakeFirst();
  return row?.is_unsubscribed ?? true;
}

/** Where a subscriber asked: RFC 8058's POST, the unsubscribe page, the preference page, or RFC 2369's mailto. */
export type SubscriptionChangeSource = 'oneClick' | 'unsubscribePage' | 'preferencePage' | 'mailto';

/**
 * What an unsubscribe link or the mailto does: the delivery's unsubscribe scope (unsubscribeScope) is left,
 * unless it was left already. Answers the scope decided, for the page that confirms it.
 */
export async function unsubscribe(
  services: Services,
  delivery: TrackedDelivery,
  source: SubscriptionChangeSource,
): Promise<UnsubscribeScope> {
  const decided = await unsubscribeScope(services.db, delivery);
  if (!decided.done)
    await applySubscriptionChange(
      services,
      delivery,
      { leave: decided.lists.map((list) => list.listId), rejoin: [], everything: decided.lists.length === 0 },
      source,
    );
  return decided;
}

/** A change the subscriber asked for: lists to leave and to rejoin, and whether to leave everything. */
export interface SubscriptionChange {
  leave: number[];
  rejoin: number[];
  everything: boolean;
}

/**
 * Applies a subscriber's own change in one transaction and writes one event for it (`unsubscribed`, or
 * `listsubscribed` when they only rejoined lists); a change that changes nothing writes nothing, so repeated
 * one-click POSTs are harmless. The lists left or rejoined are recounted in the transaction, every list of the
 * subscriber after leaving everything; the changes are announced.
 */
export async function applySubscriptionChange(
  services: Services,
  delivery: TrackedDelivery,
  change: SubscriptionChange,
  source: SubscriptionChangeSource,
): Promise<void> {
  const outcome = await services.db.transaction().execute(async (trx) => {
    // The subscriber's row lock orders concurrent changes of one subscriber (two clicks, a mail client's POST).
    const subscriber = await sql<{ is_unsubscribed: boolean }>`
      SELECT is_unsubscribed FROM subscriber WHERE id = ${delivery.subscriberId} FOR UPDATE`.execute(trx);
    const wasUnsubscribed = subscriber.rows[0]?.is_unsubscribed ?? true;
    const everything = change.everything && !wasUnsubscribed;
    // Leaving everything leaves the lists as they are: rejoining later restores the choices made before.
    const left = change.everything ? [] : await setListUnsubscribed(trx, delivery, change.leave, true);
    const rejoined = change.everything ? [] : await setListUnsubscribed(trx, delivery, change.rejoin, false);
    if (!everything && left.length === 0 && rejoined.length === 0) return undefined;
    await sql`
      UPDATE subscriber SET is_unsubscribed = is_unsubscribed OR ${everything}, version = version + 1,
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      WHERE id = ${delivery.subscriberId}`.execute(trx);
    const listIds = [...left, ...rejoined];
    const scope = everything ? 'global' : 'list';
    const kind = everything || left.length > 0 ? 'unsubscribed' : 'listsubscribed';
    const eventId = await recordTrackingEvent(
      trx,
      delivery,
      kind,
      { scope, source, ...(left.length > 0 ? { left } : {}), ...(rejoined.length > 0 ? { rejoined } : {}) },
      !everything && listIds.length === 1 ? listIds[0]! : null,
    );
    for (const listId of listIds) {
      await sql`UPDATE subscriber_list SET last_updated = now() WHERE id = ${listId}`.execute(trx);
      await refreshListStats(trx, delivery.organizationId, listId);
    }
    return { listIds, eventId, everything };
  });
  if (!outcome) return;
  // Leaving everything changes what every list of the subscriber can reach; those are recounted after commit,
  // coalesced with the bounces' recounts (lists/list-recounts.ts), as one person may be on many big lists.
  if (outcome.everything)
    void services.listRecounts.request(
      delivery.organizationId,
      await listIdsOfSubscriber(services.db, delivery.organizationId, delivery.subscriberId),
    );
  await announceChanges(services, delivery.organizationId, {
    listIds: outcome.listIds,
    memberships: { subscriberId: delivery.subscriberId, listIds: outcome.listIds },
    eventIds: [outcome.eventId],
  });
}

/** Sets the flag on the subscriber's memberships of those lists where it differs; answers the lists changed. */
async function setListUnsubscribed(
  trx: Transaction<Database>,
  delivery: TrackedDelivery,
  listIds: readonly number[],
  unsubscribed: boolean,
): Promise<number[]> {
  if (listIds.length === 0) return [];
  const rows = await trx
    .updateTable('list_membership')
    .set({ is_list_unsubscribed: unsubscribed, updated_at: new Date() })
    .where('subscriber_id', '=', delivery.subscriberId)
    .where('organization_id', '=', delivery.organizationId)
    .where('list_id', 'in', [...listIds])
    .where('is_list_unsubscribed', '=', !unsubscribed)
    .returning('list_id')
    .execute();
  return rows.map((row) => row.list_id).sort((a, b) => a - b);
}
