import { SUBSCRIBER_EVENT_KINDS, resourceDefinitions, type SubscriberEventKind } from '@herald/protocol';
import { sql, type Selectable } from 'kysely';
import { validation, implementResource } from '../query/resources.ts';
import type { SubscriberEventTable } from './tables.ts';

type SubscriberEventRow = Omit<Selectable<SubscriberEventTable>, 'organization_id' | 'campaign_id'>;

const iso = (value: Date) => new Date(value).toISOString();

/** A subscriber's interaction history (query type `subscriberEvent`), newest first unless sorted otherwise. */
export const subscriberEventResource = implementResource({
  definition: resourceDefinitions.subscriberEvent,
  table: 'subscriber_event',
  select: sql<SubscriberEventRow>`subscriber_event.id, subscriber_event.subscriber_id, subscriber_event.kind, subscriber_event.occurred_at,
    subscriber_event.activity_id, subscriber_event.list_id, subscriber_event.details`,
  toRecord: (row) => ({
    id: row.id,
    subscriberId: row.subscriber_id,
    // The column holds only SUBSCRIBER_EVENT_KINDS (every writer names one).
    kind: row.kind as SubscriberEventKind,
    occurredAt: iso(row.occurred_at),
    activityId: row.activity_id,
    listId: row.list_id,
    details: row.details,
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
