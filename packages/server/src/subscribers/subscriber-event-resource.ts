import { SUBSCRIBER_EVENT_KINDS, resourceDefinitions } from '@herald/protocol';
import { sql } from 'kysely';
import { validation, implementResource } from '../query/resources.ts';

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** A subscriber's interaction history (query type `subscriberEvent`), newest first unless sorted otherwise. */
export const subscriberEventResource = implementResource({
  definition: resourceDefinitions.subscriberEvent,
  table: 'subscriber_event',
  select: sql`subscriber_event.id, subscriber_event.subscriber_id, subscriber_event.kind, subscriber_event.occurred_at,
    subscriber_event.activity_id, subscriber_event.list_id, subscriber_event.details`,
  toRecord: (row) => ({
    id: Number(row.id),
    subscriberId: Number(row.subscriber_id),
    kind: row.kind,
    occurredAt: iso(row.occurred_at),
    activityId: row.activity_id === null ? null : Number(row.activity_id),
    listId: row.list_id === null ? null : Number(row.list_id),
    details: (row.details ?? {}) as Record<string, unknown>,
  }),
  filters: {
    id: { column: 'subscriber_event.id' },
    subscriberId: { column: 'subscriber_event.subscriber_id' },
    activityId: { column: 'subscriber_event.activity_id' },
    listId: { column: 'subscriber_event.list_id' },
    occurredAt: {
      column: 'subscriber_event.occurred_at',
    },
    kind: {
      custom: (value) => {
        const kinds = Array.isArray(value) ? value : [value];
        if (
          kinds.length === 0 ||
          kinds.some(
            (kind) =>
              typeof kind !== 'string' || !(SUBSCRIBER_EVENT_KINDS as readonly string[]).includes(kind),
          )
        )
          throw validation('query.filter.kind', `Expected one of ${SUBSCRIBER_EVENT_KINDS.join(', ')}`);
        return sql`subscriber_event.kind IN (${sql.join(kinds as string[])})`;
      },
    },
  },
  sortable: { occurredAt: 'occurred_at' },
  search: [],
  restrictedCondition: (
    actor,
  ) => sql`EXISTS (SELECT 1 FROM subscriber s WHERE s.id = subscriber_event.subscriber_id
    AND s.partition_ids && ${actor.partitionIds ?? []}::integer[])`,
});
