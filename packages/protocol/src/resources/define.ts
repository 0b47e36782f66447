import type { z } from 'zod';
import type { Capability } from '../access/capabilities.ts';

/** Filter operators a field may accept. A bare value means `eq` (`in` when it is an array). */
export const FILTER_OPERATORS = ['eq', 'in', 'gt', 'gte', 'lt', 'lte', 'contains', 'overlaps'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The type of a filtered field, which decides how a client's value is checked. */
export type FieldKind = 'integer' | 'text' | 'date' | 'timestamp' | 'boolean' | 'integer[]';

/**
 * A filter of a resource: a field compared with operators, or a named filter whose value has a meaning of its
 * own (a campaign's `status`, a subscriber's `target`), described for the docs.
 */
export type ResourceFilter =
  { kind: FieldKind; operators: readonly FilterOperator[] } | { kind: 'named'; description: string };

/** The filters most fields take, by what they are. */
export const filterOn = {
  /** Ids and other keys: one, or any of several. */
  key: { kind: 'integer', operators: ['eq', 'in'] },
  /** Names people type: exact, or containing. */
  name: { kind: 'text', operators: ['eq', 'contains'] },
  /** Codes from a set (a country, a list type): one, or any of several. */
  code: { kind: 'text', operators: ['eq', 'in'] },
  flag: { kind: 'boolean', operators: ['eq'] },
  /** The partitions a record belongs to: any in common. */
  partitions: { kind: 'integer[]', operators: ['overlaps'] },
  date: { kind: 'date', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
  /** An instant: before or after. */
  instant: { kind: 'timestamp', operators: ['gt', 'gte', 'lt', 'lte'] },
} as const satisfies Readonly<Record<string, ResourceFilter>>;

/**
 * One resource type of platform §3, declared once: everything a client, the server and the docs need to know
 * of it. The server implements each declaration (its SQL) in its area; the web types its queries and its
 * capability checks from it; `docs/protocol.md` is generated from it; a lock test keeps them in agreement.
 */
export interface ResourceDefinition<
  Type extends string = string,
  RecordSchema extends z.ZodType = z.ZodType,
  WriteSchema extends z.ZodType | undefined = z.ZodType | undefined,
  Filters extends Readonly<Record<string, ResourceFilter>> = Readonly<Record<string, ResourceFilter>>,
  SortKeys extends string = string,
  Live extends boolean = boolean,
> {
  /** The `query.type` clients name. */
  type: Type;
  /** What it is, for the docs. */
  description: string;
  /** A record as `query`, `writeRecords` and `records` pushes answer it. */
  record: RecordSchema;
  /** What `writeRecords` accepts per record; undefined for read-only types. */
  write: WriteSchema;
  /** The fields `query.filter` may name, with their operators. */
  filters: Filters;
  /** Filters applied when the client does not name that field (custom fields: isDeleted false). */
  defaultFilters?: Readonly<Partial<Record<keyof Filters, unknown>>>;
  /** The keys `sortKey` may name besides `id`, which is always sortable and breaks ties. */
  sortKeys: readonly SortKeys[];
  /** The sort key when the client gives none (default `id`, newest first). */
  defaultSortKey?: SortKeys;
  /** The order when the client gives none (default `desc`); a list read by name reads best ascending. */
  defaultSortOrder?: 'asc' | 'desc';
  /**
   * Whether `query.search` applies: a case-insensitive contains over the type's text fields, unless the
   * description says otherwise (subscribers: exact and prefix matches).
   */
  searchable: boolean;
  /** Reading needs ANY of these capabilities. */
  readCapabilities: readonly Capability[];
  /** Writing needs ALL of these (and a read capability); empty for read-only types. */
  writeCapabilities: readonly Capability[];
  /** Whether `addSubscription` takes the type: its changes are pushed as `records` events. */
  live: Live;
}

export function defineResource<
  const Type extends string,
  RecordSchema extends z.ZodType,
  WriteSchema extends z.ZodType | undefined,
  const Filters extends Readonly<Record<string, ResourceFilter>>,
  const SortKeys extends string,
  const Live extends boolean,
>(
  definition: ResourceDefinition<Type, RecordSchema, WriteSchema, Filters, SortKeys, Live>,
): ResourceDefinition<Type, RecordSchema, WriteSchema, Filters, SortKeys, Live> {
  return definition;
}
