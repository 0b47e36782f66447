import { SUBSCRIBER_EVENT_KINDS } from '@herald/protocol';
import { sql } from 'kysely';
import { registerResource, validation, type ResourceDeclaration } from '../query/resources.ts';

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** A subscriber's interaction history (query type `subscriberEvent`), newest first unless sorted otherwise. */
export const subscriberEventResource: ResourceDeclaration = {
  type: 'subscriberEvent',
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
  readCapabilities: ['base', 'franchisee'],
  writeCapabilities: [],
  filters: {
    id: { column: 'subscriber_event.id', kind: 'integer', operators: ['eq', 'in'] },
    subscriberId: { column: 'subscriber_event.subscriber_id', kind: 'integer', operators: ['eq'] },
    activityId: { column: 'subscriber_event.activity_id', kind: 'integer', operators: ['eq', 'in'] },
    listId: { column: 'subscriber_event.list_id', kind: 'integer', operators: ['eq', 'in'] },
    occurredAt: {
      column: 'subscriber_event.occurred_at',
      kind: 'timestamp',
      operators: ['gt', 'gte', 'lt', 'lte'],
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
  defaultSortKey: 'occurredAt',
  restrictedCondition: (
    actor,
  ) => sql`EXISTS (SELECT 1 FROM subscriber s WHERE s.id = subscriber_event.subscriber_id
    AND s.partition_ids && ${actor.partitionIds ?? []}::integer[])`,
};

registerResource(subscriberEventResource);
