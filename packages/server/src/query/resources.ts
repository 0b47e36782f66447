import {
  HeraldError,
  type Capability,
  type FieldKind,
  type FilterOperator,
  type ResourceDefinition,
} from '@herald/protocol';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import type { Database } from '../database/schema.ts';

/** How a field filter of the contract reaches SQL: the column it compares. */
export interface ColumnFilterImplementation {
  column: string;
}

/** How a named filter of the contract (campaign `status`) reaches SQL: built from the value. */
export interface NamedFilterImplementation {
  custom: (value: unknown, context: FilterContext) => RawBuilder<unknown> | Promise<RawBuilder<unknown>>;
}

/** A field filter as the engine runs it: the contract's kind and operators on the area's column. */
export interface ColumnFilter extends ColumnFilterImplementation {
  kind: FieldKind;
  operators: readonly FilterOperator[];
}

export type FilterDeclaration = ColumnFilter | NamedFilterImplementation;

export interface FilterContext {
  /** Today as YYYY-MM-DD (UTC), so date filters answer the same on every database. */
  today: string;
  /** For filters that read what the organization has (a target expression's fields and lists). */
  db: Kysely<Database>;
  actor: Actor;
}

/** Who is reading or writing, as the connection knows it; never anything the client sent. */
export interface Actor {
  organizationId: number;
  userId: number;
  capabilities: readonly string[];
  /** The partitions a partition-restricted user may see; undefined for a head-office user. */
  partitionIds: readonly number[] | undefined;
}

/** A record as the engine handles it, whatever its type: the contract's record schema checks its fields. */
export type EngineRecord = Record<string, unknown>;

export type ResourceWriter<Stored = EngineRecord> = (
  trx: Transaction<Database>,
  actor: Actor,
  data: readonly unknown[],
) => Promise<Stored[]>;

/**
 * The row `toRecord` reads: the select list's row type, or, for a select list written without one (the jobs
 * area, being rewritten separately), a row read field by field.
 */
export type SelectedRow<Row> = unknown extends Row ? Record<string, unknown> : Row;

/** The record type a definition declares, so an area's mapper is checked against the contract. */
export type DefinedRecord<Definition extends ResourceDefinition> = z.output<Definition['record']>;

type FilterImplementations<Definition extends ResourceDefinition> = {
  [Name in keyof Definition['filters']]: Definition['filters'][Name] extends { kind: 'named' }
    ? NamedFilterImplementation
    : ColumnFilterImplementation;
};

/**
 * How an area implements one resource of the contract (`@herald/protocol` resourceDefinitions): the type,
 * filters, sort keys, capabilities and liveness are the definition's; the SQL is the area's. Every filter and
 * sort key of the definition must be mapped (the compiler checks), and nothing else can be.
 */
export interface ResourceImplementation<
  Definition extends ResourceDefinition = ResourceDefinition,
  Row = unknown,
  Stored = DefinedRecord<Definition>,
> {
  definition: Definition;
  /** Its table; it must have `organization_id`, which every query filters by, and an id column (`idColumn`). */
  table: keyof Database & string;
  /** The select list (SQL, typed with the row it selects), whose rows `toRecord` turns into what clients see. */
  select: RawBuilder<Row>;
  // A property, not a method, so the row type is checked both ways (methods are bivariant in TypeScript).
  toRecord: (row: SelectedRow<Row>) => Stored;
  filters: FilterImplementations<Definition>;
  /** The column of each sort key; `id` is always sortable and breaks ties. */
  sortable: Readonly<Record<Definition['sortKeys'][number], SortColumn>>;
  /**
   * Columns `query.search` looks in (case-insensitive contains); empty when the type is not searchable. A type
   * too large to scan (subscribers, by the million) gives instead the condition a search term makes, so that
   * its search can stay on indexes.
   */
  search: readonly string[] | SearchCondition;
  /**
   * The integer[] column of partition ids; a partition-restricted user sees only rows whose partitions
   * overlap theirs. Omit for types that are not partitioned (restricted users then see none of them).
   */
  partitionColumn?: string;
  /**
   * For types whose visibility to a partition-restricted user is not one column (a job: the user's own;
   * a list membership: its subscriber's partitions): the condition such a user's rows must meet.
   */
  restrictedCondition?: (actor: Actor) => RawBuilder<unknown>;
  /**
   * The select list for a partition-restricted user, when what the row stores is the whole organization's
   * (a list's counts): it recomputes those values within the user's partitions.
   */
  restrictedSelect?: (actor: Actor) => RawBuilder<Row>;
  /** The column that identifies a row and breaks sort ties, when it is not `id` (list memberships). */
  idColumn?: string;
  /** Creates and updates records in the transaction given; answers them as stored. Writable types only. */
  write?: Definition['write'] extends undefined ? never : ResourceWriter<Stored>;
  /**
   * For types with millions of rows: a page whose total the planner estimates above this is answered with
   * that estimate (`totalIsEstimate: true`) rather than counted (engine.ts runPlannedQuery).
   */
  estimateTotalsAbove?: number;
  /**
   * Reading this type is how a screen follows background work (a job's progress): on the embedded database
   * it is served before jobs like any read, but does not count as someone browsing (work-context.ts).
   */
  watchesBackgroundWork?: true;
  /** A hook run before the statement (tests use it to make a query slow). */
  beforeQuery?(): Promise<void>;
}

/** The condition a (trimmed, non-empty) search term makes, for types whose search is not a plain contains. */
export type SearchCondition = (term: string) => RawBuilder<unknown>;

/** A resource implementation as the engine runs it, whatever its type: rows are read generically. */
export type EngineResource = ResourceImplementation<ResourceDefinition, unknown, EngineRecord>;

/**
 * Ties an area's implementation to its contract definition, checking filters and sort keys against it, and
 * its rows' mapper against the contract's record type.
 */
export function implementResource<Definition extends ResourceDefinition, Row>(
  implementation: ResourceImplementation<Definition, Row>,
): EngineResource {
  // Erased for the engine, which passes rows from `select` to `toRecord` without looking inside them.
  return implementation as unknown as EngineResource;
}

/**
 * What a sort key orders by: a column, or a column ignoring case (`lower(column)`), which an index on that
 * expression can answer (subscribers by e-mail: the unique index on lower(email)).
 */
export type SortColumn = string | { ignoringCase: string };

/** A resource as the engine runs it: the contract's definition and the area's SQL, resolved into one. */
export interface ResourceDeclaration extends Omit<EngineResource, 'filters' | 'sortable' | 'write'> {
  type: string;
  filters: Readonly<Record<string, FilterDeclaration>>;
  sortable: Readonly<Record<string, SortColumn>>;
  defaultFilters: Readonly<Record<string, unknown>>;
  defaultSortKey: string | undefined;
  defaultSortOrder: 'asc' | 'desc' | undefined;
  readCapabilities: readonly Capability[];
  writeCapabilities: readonly Capability[];
  write: ResourceWriter | undefined;
}

function resolveResource(implementation: EngineResource): ResourceDeclaration {
  const { definition } = implementation;
  const implemented = implementation.filters as Record<
    string,
    ColumnFilterImplementation | NamedFilterImplementation
  >;
  const filters: Record<string, FilterDeclaration> = {};
  for (const [name, filter] of Object.entries(definition.filters)) {
    const mapped = implemented[name];
    if (!mapped) throw new Error(`${definition.type}: filter ${name} of the contract has no implementation`);
    filters[name] =
      filter.kind === 'named'
        ? (mapped as NamedFilterImplementation)
        : { ...(mapped as ColumnFilterImplementation), kind: filter.kind, operators: filter.operators };
  }
  const extra = Object.keys(implemented).filter((name) => !Object.hasOwn(definition.filters, name));
  const sortKeys = Object.keys(implementation.sortable);
  const unmatchedSorts = sortKeys
    .filter((key) => !definition.sortKeys.includes(key))
    .concat(definition.sortKeys.filter((key) => !sortKeys.includes(key)));
  if (extra.length > 0 || unmatchedSorts.length > 0)
    throw new Error(
      `${definition.type}: filters ${extra.join(', ')} or sort keys ${unmatchedSorts.join(', ')} disagree with the contract`,
    );
  return {
    ...implementation,
    type: definition.type,
    filters,
    sortable: implementation.sortable as Record<string, SortColumn>,
    defaultFilters: definition.defaultFilters ?? {},
    defaultSortKey: definition.defaultSortKey,
    defaultSortOrder: definition.defaultSortOrder,
    readCapabilities: definition.readCapabilities,
    writeCapabilities: definition.writeCapabilities,
    write: implementation.write,
  };
}

/**
 * The resource types this server answers, built once from its areas (composition.ts); handlers reach it
 * through `services.resources`.
 */
export class ResourceRegistry {
  readonly #resources = new Map<string, ResourceDeclaration>();

  constructor(implementations: Iterable<EngineResource>) {
    for (const implementation of implementations) {
      const type = implementation.definition.type;
      if (this.#resources.has(type)) throw new Error(`Resource type ${type} is implemented twice`);
      this.#resources.set(type, resolveResource(implementation));
    }
  }

  of(type: string, path = 'query.type'): ResourceDeclaration {
    const resource = this.#resources.get(type);
    if (!resource) throw validation(path, `Unknown record type "${type}"`);
    return resource;
  }

  types(): string[] {
    return [...this.#resources.keys()];
  }
}

/**
 * Filter names that apply to one type only (platform §5); naming them on another type is a
 * ValidationError that says which type they belong to.
 */
export const TYPE_ONLY_FILTERS: Readonly<Record<string, string>> = {
  lastUpdated: 'list',
  listType: 'list',
  isEmpty: 'list',
  isActive: 'list',
  startDate: 'campaign',
  endDate: 'campaign',
};

export function validation(path: string, message: string): HeraldError {
  return new HeraldError('ValidationError', { details: [{ path, message }] });
}

/**
 * The connection's actor. A user with partition sets (a franchisee) is limited to the partitions of those
 * sets in the connection's organization; the client cannot widen it.
 */
export async function actorOf(db: Kysely<Database>, organization: AuthenticatedOrganization): Promise<Actor> {
  let partitionIds: number[] | undefined;
  if (organization.partitionsets.length > 0) {
    const rows = await db
      .selectFrom('partition')
      .select('id')
      .where('organization_id', '=', organization.organizationId)
      .where('partition_set_id', 'in', organization.partitionsets)
      .execute();
    partitionIds = rows.map((row) => row.id);
  }
  return {
    organizationId: organization.organizationId,
    userId: organization.userId,
    capabilities: organization.capabilities,
    partitionIds,
  };
}

export { sql };
export type { FieldKind, FilterOperator };
