import { HeraldError, type SubscriberEventRequest, type SubscriberEventResponse } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { findSubscriber } from './find-subscriber.ts';

const DAY = 86_400_000;

/**
 * The events API (docs/http.md § Triggered sends): records a subscriber event of functional §3 that happened
 * outside Herald (a form submitted, a purchase, an abandoned cart, a page viewed) in the subscriber's history,
 * where target expressions see it; the statement trigger of migration 0028 queues, in the same transaction, a
 * send of every live event-triggered activity waiting for that event.
 */
export async function recordSubscriberEvent(
  db: Kysely<Database>,
  actor: Actor,
  request: SubscriberEventRequest,
): Promise<SubscriberEventResponse> {
  const occurredAt = request.occurredAt ? new Date(request.occurredAt) : new Date();
  if (occurredAt.getTime() > Date.now() + DAY)
    throw new HeraldError('ValidationError', {
      details: [{ path: 'occurredAt', message: 'At most a day ahead' }],
    });
  return db.transaction().execute(async (trx) => {
    const subscriberId = await findSubscriber(trx, actor, request);
    const inserted = await sql<{ id: number }>`INSERT INTO subscriber_event
        (organization_id, subscriber_id, kind, occurred_at, details)
      VALUES (${actor.organizationId}, ${subscriberId}, ${request.event}, ${occurredAt},
        ${JSON.stringify(request.details ?? {})}::jsonb)
      RETURNING id`.execute(trx);
    const eventId = Number(inserted.rows[0]!.id);
    const triggered = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM triggered_send
      WHERE event_id = ${eventId}`.execute(trx);
    return { eventId, subscriberId, triggered: triggered.rows[0]?.count ?? 0 };
  });
}
