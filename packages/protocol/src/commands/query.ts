import { z } from 'zod';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

export * from '../records/campaign.ts';
export * from '../records/subscriber.ts';
export * from '../records/email-address.ts';
export * from '../records/subscriber-list.ts';
export * from '../records/import-rules.ts';
export * from '../records/custom-field.ts';
export * from '../records/job.ts';
export * from '../records/partition.ts';
export * from '../records/audience.ts';
export * from '../records/tag.ts';
export * from '../records/targeting-rule.ts';
export * from '../records/activity.ts';
export * from '../records/activity-revision.ts';
export * from '../records/template.ts';
export * from '../records/theme.ts';
export * from '../records/activity-theme.ts';
export * from '../records/whatsapp-template.ts';
export * from '../records/delivery.ts';
export * from '../records/deployment-run.ts';

/** The largest page a query answers. */
export const QUERY_MAX_LIMIT = 1000;

/**
 * A filter names record fields: `{"status": "active"}`, `{"id": [1, 2]}` (any of), or operators
 * `{"startDate": {"gte": "2026-01-01", "lt": "2026-02-01"}}` (eq, in, gt, gte, lt, lte, contains,
 * overlaps). Each type declares which fields and operators it accepts; anything else is a ValidationError.
 */
const filterField = z.record(z.string().max(64), z.unknown());

export const queryCommands = {
  query: defineCommand({
    channel: 'organization',
    description:
      'Reads one page of records of a type: `query` {type, filter?, search?}, limit (default 25, at most 1000; 0 answers the total only), ' +
      'offset (default 0), sortKey (default id), sortOrder (asc/desc, default desc). Limit and offset must be numbers ≥ 0 ' +
      '(QueryLimitError, QueryOffsetError). `queryKey` names the screen asking (e.g. "campaigns-list"): a newer query with ' +
      'the same key on the same connection cancels the older one, which answers QueryCancelledError. A query running too ' +
      'long answers QueryTimeoutError. Partition-restricted users only ever see their partitions’ records. A page over a ' +
      'very large set (subscribers) may answer an estimated total, flagged `totalIsEstimate`; limit 0 always counts exactly. ' +
      'A `template` or `templateContent` query without `organizationId` answers TemplateListWithoutOrganizationError.',
    params: z.object({
      organizationId: organizationIdField,
      query: z.object({
        type: z.string().max(64),
        filter: filterField.optional(),
        search: z.string().max(200).optional(),
      }),
      // Checked by the engine, not here, so the answer is platform §5's QueryLimitError / QueryOffsetError.
      limit: z.unknown().optional(),
      offset: z.unknown().optional(),
      sortKey: z.string().max(64).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
      queryKey: z.string().min(1).max(100).optional(),
    }),
    result: z.object({
      records: z.array(z.record(z.string(), z.unknown())),
      total: z.number().int(),
      /** Set when `total` is the planner's estimate (a page over a very large set, e.g. subscribers). */
      totalIsEstimate: z.literal(true).optional(),
    }),
  }),
  writeRecords: defineCommand({
    channel: 'organization',
    description:
      'Creates (no id) or updates (id plus the `version` or `updatedAt` read) records of a type, all in one transaction. ' +
      'Only the type’s writable fields are accepted. A record changed since it was read answers StaleRecordError; an ' +
      'id the organization does not have answers NotFoundError. Answers the records as stored.',
    params: z.object({
      organizationId: organizationIdField,
      type: z.string().max(64),
      data: z.array(z.record(z.string(), z.unknown())).min(1).max(500),
    }),
    result: z.object({ records: z.array(z.record(z.string(), z.unknown())) }),
  }),
} satisfies Record<string, ReturnType<typeof defineCommand>>;
