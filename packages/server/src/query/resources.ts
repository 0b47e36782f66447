import { HeraldError, type Capability } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import type { Database } from '../database/schema.ts';

/** Filter operators a field may accept. A bare value means `eq` (`in` when it is an array). */
export type FilterOperator = 'eq' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains' | 'overlaps';

/** The SQL type of a filtered column, which decides how a client's value is checked and bound. */
export type FieldKind = 'integer' | 'text' | 'date' | 'timestamp' | 'boolean' | 'integer[]';

export interface ColumnFilter {
  column: string;
  kind: FieldKind;
  operators: readonly FilterOperator[];
}

/** A named filter whose meaning is not one column (campaign `status`): builds its SQL from the value. */
export interface CustomFilter {
  custom: (value: unknown, context: FilterContext) => RawBuilder<unknown> | Promise<RawBuilder<unknown>>;
}

export type FilterDeclaration = ColumnFilter | CustomFilter;

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

/**
 * One resource type of platform §3, declared once: the engine validates and runs every query of the type
 * from this, and later areas add their types by declaring them and calling `registerResource`.
 */
export interface ResourceDeclaration {
  /** The `query.type` clients name (campaign, list, activity …). */
  type: string;
  /** Its table; it must have `organization_id`, which every query filters by, and an id column (`idColumn`). */
  table: keyof Database & string;
  /** The select list (SQL), whose rows `toRecord` turns into what clients see. */
  select: RawBuilder<unknown>;
  toRecord(row: Record<string, unknown>): Record<string, unknown>;
  /** Reading needs ANY of these capabilities (e.g. base or franchisee). */
  readCapabilities: readonly Capability[];
  /** Writing needs ALL of these (e.g. content-edit); omit `write` for read-only types. */
  writeCapabilities: readonly Capability[];
  /** Filterable record fields (the names clients use) and how each maps to SQL. */
  filters: Readonly<Record<string, FilterDeclaration>>;
  /** Sortable record fields and their columns; `id` is always sortable and breaks ties. */
  sortable: Readonly<Record<string, string>>;
  /** Columns `query.search` looks in: case-insensitive contains, any column matching. */
  search: readonly string[];
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
  restrictedSelect?: (actor: Actor) => RawBuilder<unknown>;
  /** Filters applied when the client does not name that field (e.g. custom fields: isDeleted false). */
  defaultFilters?: Readonly<Record<string, unknown>>;
  /** The column that identifies a row and breaks sort ties, when it is not `id` (list memberships). */
  idColumn?: string;
  /** The sort key when the client gives none (default id, newest first). */
  defaultSortKey?: string;
  /** Creates and updates records in the transaction given; answers them as stored. */
  write?(
    trx: Transaction<Database>,
    actor: Actor,
    data: readonly unknown[],
  ): Promise<Array<Record<string, unknown>>>;
  /**
   * For types with millions of rows: a page whose total the planner estimates above this is answered with
   * that estimate (`totalIsEstimate: true`) rather than counted (engine.ts runPlannedQuery).
   */
  estimateTotalsAbove?: number;
  /** A hook run before the statement (tests use it to make a query slow). */
  beforeQuery?(): Promise<void>;
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

const resources = new Map<string, ResourceDeclaration>();

export function registerResource(declaration: ResourceDeclaration): void {
  resources.set(declaration.type, declaration);
}

export function unregisterResource(type: string): void {
  resources.delete(type);
}

export function resourceOf(type: string, path = 'query.type'): ResourceDeclaration {
  const resource = resources.get(type);
  if (!resource) throw validation(path, `Unknown record type "${type}"`);
  return resource;
}

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
