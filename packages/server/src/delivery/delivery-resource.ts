import { DELIVERY_STATUSES, resourceDefinitions, type DeliveryRecord } from '@herald/protocol';
import { sql } from 'kysely';
import { implementResource, validation } from '../query/resources.ts';

interface DeliveryRow {
  id: number;
  activity_id: number;
  run_id: number;
  subscriber_id: number;
  channel: DeliveryRecord['channel'];
  status: string;
  variation: number;
  attempts: number;
  sent_at: Date | null;
  error: DeliveryRecord['error'];
  created_at: Date;
}

/**
 * Deliveries (query type `delivery`, PROTOCOL §9), newest first. A claim in progress (`sending`) reads as
 * `queued`: the provider does not have the message yet. A restricted user reads their activities' only.
 */
export const deliveryResource = implementResource({
  definition: resourceDefinitions.delivery,
  table: 'delivery',
  select: sql<DeliveryRow>`delivery.id, delivery.activity_id, delivery.run_id, delivery.subscriber_id,
    delivery.channel, delivery.status, delivery.variation, delivery.attempts, delivery.sent_at, delivery.error,
    delivery.created_at`,
  toRecord: (row: DeliveryRow): DeliveryRecord => ({
    id: Number(row.id),
    activityId: row.activity_id,
    runId: Number(row.run_id),
    subscriberId: row.subscriber_id,
    channel: row.channel,
    status: row.status === 'sending' ? 'queued' : (row.status as DeliveryRecord['status']),
    variation: row.variation,
    attempts: row.attempts,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    error: row.error ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  }),
  filters: {
    id: { column: 'delivery.id' },
    activityId: { column: 'delivery.activity_id' },
    runId: { column: 'delivery.run_id' },
    subscriberId: { column: 'delivery.subscriber_id' },
    // `queued` includes the engine's `sending`, as the records show it.
    status: {
      custom: (value) => {
        const wanted = (Array.isArray(value) ? value : [value]).map(String);
        const unknown = wanted.find((status) => !(DELIVERY_STATUSES as readonly string[]).includes(status));
        if (unknown !== undefined)
          throw validation('query.filter.status', `One of ${DELIVERY_STATUSES.join(', ')}`);
        const stored = wanted.includes('queued') ? [...wanted, 'sending'] : wanted;
        return sql<boolean>`delivery.status = ANY(${stored}::text[])`;
      },
    },
    channel: { column: 'delivery.channel' },
    sentAt: { column: 'delivery.sent_at' },
  },
  sortable: { createdAt: 'created_at', sentAt: 'sent_at' },
  search: [],
  restrictedCondition: (actor) => sql`EXISTS (SELECT 1 FROM activity a WHERE a.id = delivery.activity_id
    AND a.partition_ids && ${actor.partitionIds ?? []}::integer[])`,
});
