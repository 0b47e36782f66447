import { SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_WINDOW_DAYS, type SubscriberRecord } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { listIdsOfSubscriber } from '../lists/list-recounts.ts';
import type { Services } from '../services.ts';
import { announceChanges } from '../subscribers/announce-changes.ts';
import { SUBSCRIBER_SELECT, subscriberRecord, type SubscriberRow } from '../subscribers/subscriber-record.ts';

/** What came back about one delivery: a receipt, a bounce of either kind, or a spam complaint. */
export type DeliveryOutcome =
  | { kind: 'delivered' }
  | { kind: 'bounce'; type: 'hard' | 'soft'; status: string; diagnostic: string }
  | { kind: 'complaint'; feedbackType: string };

export interface DeliveryOutcomeReport {
  organizationId: number;
  deliveryId: number;
  /** Counted once: a DSN's `dsn:{Message-ID}`, a receipt's `{provider}:{message id}:{status}`. */
  reportKey: string;
  outcome: DeliveryOutcome;
}

/** What a recorded report changed, for the live push after commit; undefined when it was already counted. */
export interface RecordedOutcome {
  eventIds: number[];
  subscriber: SubscriberRecord | undefined;
  /** The lists of a subscriber the report made invalid or unsubscribed: their counts changed. */
  listIds: number[];
}

/**
 * Applies the rules of bounces and complaints (docs/architecture.md § Bounces and complaints) to one report, in
 * one transaction: a hard bounce marks the subscriber invalid and the delivery `bounced`; a soft bounce is
 * recorded, and the SOFT_BOUNCE_LIMIT-th within SOFT_BOUNCE_WINDOW_DAYS marks the subscriber invalid too; a
 * complaint unsubscribes globally; a receipt records `delivered`. Each writes one event to the subscriber's
 * history with the activity. A report whose key was counted before, or whose delivery is not the organization's,
 * changes nothing.
 */
export async function recordDeliveryOutcome(
  db: Kysely<Database>,
  report: DeliveryOutcomeReport,
): Promise<RecordedOutcome | undefined> {
  return db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom('delivery')
      .select(['id', 'activity_id', 'subscriber_id', 'channel'])
      .where('id', '=', report.deliveryId)
      .where('organization_id', '=', report.organizationId)
      .executeTakeFirst();
    if (!delivery) return undefined;
    const counted = await trx
      .insertInto('delivery_report')
      .values({
        organization_id: report.organizationId,
        report_key: report.reportKey,
        delivery_id: delivery.id,
        outcome: outcomeName(report.outcome),
      })
      .onConflict((conflict) => conflict.columns(['organization_id', 'report_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!counted) return undefined;

    const { outcome } = report;
    const eventId = await addEvent(trx, report.organizationId, delivery, outcome);
    const eventIds = [eventId];
    let change: { is_invalid?: true; is_unsubscribed?: true } = {};
    if (outcome.kind === 'complaint') change = { is_unsubscribed: true };
    if (outcome.kind === 'bounce' && outcome.type === 'hard') {
      change = { is_invalid: true };
      await trx
        .updateTable('delivery')
        .set({
          status: 'bounced',
          error: JSON.stringify({ status: outcome.status, diagnostic: outcome.diagnostic }),
        })
        .where('id', '=', delivery.id)
        .execute();
    }
    if (outcome.kind === 'bounce' && outcome.type === 'soft') {
      const softBounces = await recentSoftBounces(trx, report.organizationId, delivery.subscriber_id);
      if (softBounces >= SOFT_BOUNCE_LIMIT) change = { is_invalid: true };
    }
    const subscriber = await changeSubscriber(trx, report.organizationId, delivery.subscriber_id, change);
    const listIds = subscriber
      ? await listIdsOfSubscriber(trx, report.organizationId, delivery.subscriber_id)
      : [];
    return { eventIds, subscriber, listIds };
  });
}

/**
 * After the report's transaction: pushes the changed subscriber and the events, and has the subscriber's lists
 * recounted (coalesced: a burst of bounces recounts a big list once per few seconds, lists/list-recounts.ts).
 * The recount is not waited for: the SMTP or webhook answer does not depend on it.
 */
export async function announceOutcome(
  services: Services,
  organizationId: number,
  recorded: RecordedOutcome,
): Promise<void> {
  void services.listRecounts.request(organizationId, recorded.listIds);
  await announceChanges(services, organizationId, {
    subscribers: recorded.subscriber ? [recorded.subscriber] : [],
    eventIds: recorded.eventIds,
  });
}

function outcomeName(outcome: DeliveryOutcome): string {
  return outcome.kind === 'bounce' ? outcome.type : outcome.kind;
}

async function addEvent(
  trx: Transaction<Database>,
  organizationId: number,
  delivery: { id: number; activity_id: number; subscriber_id: number; channel: string },
  outcome: DeliveryOutcome,
): Promise<number> {
  const kind =
    outcome.kind === 'bounce' ? 'bounced' : outcome.kind === 'complaint' ? 'complained' : 'delivered';
  const details =
    outcome.kind === 'bounce'
      ? { type: outcome.type, status: outcome.status, diagnostic: outcome.diagnostic }
      : outcome.kind === 'complaint'
        ? { feedbackType: outcome.feedbackType }
        : {};
  const campaign = await trx
    .selectFrom('activity')
    .select('campaign_id')
    .where('id', '=', delivery.activity_id)
    .executeTakeFirst();
  const { id } = await trx
    .insertInto('subscriber_event')
    .values({
      organization_id: organizationId,
      subscriber_id: delivery.subscriber_id,
      kind,
      activity_id: delivery.activity_id,
      campaign_id: campaign?.campaign_id ?? null,
      list_id: null,
      details: JSON.stringify({ ...details, channel: delivery.channel, deliveryId: String(delivery.id) }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Soft bounces in the window, this report's event included. */
async function recentSoftBounces(
  trx: Transaction<Database>,
  organizationId: number,
  subscriberId: number,
): Promise<number> {
  const row = await sql<{ count: string }>`
    SELECT count(*) AS count FROM subscriber_event
    WHERE subscriber_id = ${subscriberId} AND organization_id = ${organizationId} AND kind = 'bounced'
      AND details->>'type' = 'soft'
      AND occurred_at > now() - make_interval(days => ${SOFT_BOUNCE_WINDOW_DAYS})`.execute(trx);
  return Number(row.rows[0]?.count ?? 0);
}

/** Sets the flags not set already; answers the changed subscriber, or undefined when nothing changed. */
async function changeSubscriber(
  trx: Transaction<Database>,
  organizationId: number,
  subscriberId: number,
  change: { is_invalid?: true; is_unsubscribed?: true },
): Promise<SubscriberRecord | undefined> {
  if (!change.is_invalid && !change.is_unsubscribed) return undefined;
  const row = (
    await sql<SubscriberRow>`
      UPDATE subscriber SET is_invalid = is_invalid OR ${change.is_invalid ?? false},
        is_unsubscribed = is_unsubscribed OR ${change.is_unsubscribed ?? false}, version = version + 1,
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      WHERE id = ${subscriberId} AND organization_id = ${organizationId}
        AND ((${change.is_invalid ?? false} AND NOT is_invalid)
          OR (${change.is_unsubscribed ?? false} AND NOT is_unsubscribed))
      RETURNING ${SUBSCRIBER_SELECT}`.execute(trx)
  ).rows[0];
  return row ? subscriberRecord(row) : undefined;
}
