import { HeraldError, QUERY_MAX_LIMIT } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ConnectionState } from '../channels/connection-state.ts';
import type { Database } from '../database/schema.ts';
import { withQuerySignal } from '../database/work-context.ts';
import {
  TYPE_ONLY_FILTERS,
  validation,
  type Actor,
  type ColumnFilter,
  type FieldKind,
  type FilterContext,
  type FilterOperator,
  type EngineRecord,
  type ResourceDeclaration,
} from './resources.ts';

export const QUERY_DEFAULT_LIMIT = 25;

/** How long one query may run; tests lower it. PostgreSQL enforces it, PGlite by a timer. */
export const queryLimits = { timeoutMs: 10_000 };

export interface QueryParams {
  query: { type: string; filter?: Record<string, unknown> | undefined; search?: string | undefined };
  limit?: unknown;
  offset?: unknown;
  sortKey?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** A query validated against its type's declaration, ready to run. */
export interface PlannedQuery {
  resource: ResourceDeclaration;
  /** The resource's select list, or its restricted one for a partition-restricted user. */
  select: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>;
  limit: number;
  offset: number;
}

/** Platform §5: limit and offset must be numbers of at least zero, with its messages word for word. */
function pageNumber(value: unknown, fallback: number, error: 'QueryLimitError' | 'QueryOffsetError'): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new HeraldError(error);
  return value;
}

export async function planQuery(
  resource: ResourceDeclaration,
  params: QueryParams,
  actor: Actor,
  today: string,
  db: Kysely<Database>,
): Promise<PlannedQuery> {
  const limit = pageNumber(params.limit, QUERY_DEFAULT_LIMIT, 'QueryLimitError');
  const offset = pageNumber(params.offset, 0, 'QueryOffsetError');
  if (limit > QUERY_MAX_LIMIT)
    throw validation('limit', `Query limit value needs to be at most ${QUERY_MAX_LIMIT}`);

  const conditions: RawBuilder<unknown>[] = [sql`${sql.ref('organization_id')} = ${actor.organizationId}`];
  if (actor.partitionIds !== undefined) {
    // Partition rule: a restricted user sees only rows tagged with at least one of their partitions.
    if (resource.restrictedCondition) conditions.push(resource.restrictedCondition(actor));
    else if (!resource.partitionColumn) conditions.push(sql`false`);
    else conditions.push(sql`${sql.ref(resource.partitionColumn)} && ${actor.partitionIds}::integer[]`);
  }
  const context: FilterContext = { today, db, actor };
  // A type's default filters (custom fields: not deleted) apply unless the client names the field itself.
  const filter = { ...resource.defaultFilters, ...params.query.filter };
  for (const [field, value] of Object.entries(filter)) {
    const path = `query.filter.${field}`;
    const declaration = Object.hasOwn(resource.filters, field) ? resource.filters[field] : undefined;
    if (!declaration) {
      const owner = TYPE_ONLY_FILTERS[field];
      if (owner && owner !== resource.type)
        throw validation(path, `The filter "${field}" applies only to ${owner} queries`);
      throw validation(path, `Unknown filter field "${field}" for ${resource.type} queries`);
    }
    if (value === undefined) continue;
    conditions.push(
      'custom' in declaration
        ? await declaration.custom(value, context)
        : columnCondition(declaration, value, path),
    );
  }
  const search = params.query.search?.trim();
  const searchIn = resource.search;
  if (!search) {
    // No search: every record the filters keep.
  } else if (typeof searchIn === 'function') conditions.push(searchIn(search));
  else if (searchIn.length > 0) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${sql.join(
        searchIn.map((column) => sql`${sql.ref(column)} ILIKE ${pattern}`),
        sql` OR `,
      )})`,
    );
  }

  const sortKey = params.sortKey ?? resource.defaultSortKey ?? 'id';
  const idColumn = resource.idColumn ?? 'id';
  const sortColumn =
    sortKey === 'id'
      ? idColumn
      : Object.hasOwn(resource.sortable, sortKey)
        ? resource.sortable[sortKey]
        : undefined;
  if (!sortColumn) throw validation('sortKey', `Unknown sort key "${sortKey}" for ${resource.type} queries`);
  // A type's default order (templates: by name, ascending) holds only with its default key.
  const sortOrder =
    params.sortOrder ?? (params.sortKey === undefined ? resource.defaultSortOrder : undefined) ?? 'desc';
  const direction = sql.raw(sortOrder === 'asc' ? 'ASC' : 'DESC');
  const nulls = sql.raw(sortOrder === 'asc' ? 'NULLS LAST' : 'NULLS FIRST');
  // Table-qualified, so ORDER BY sorts by the column and not by a select alias of the same name (a date
  // read back as text would sort as text and miss the index).
  const column = (name: string) => sql.ref(`${resource.table}.${name}`);
  const sortedBy =
    typeof sortColumn === 'string' ? column(sortColumn) : sql`lower(${column(sortColumn.ignoringCase)})`;
  const orderBy =
    sortColumn === idColumn
      ? sql`${column(idColumn)} ${direction}`
      : sql`${sortedBy} ${direction} ${nulls}, ${column(idColumn)} ${direction}`;
  const select =
    actor.partitionIds !== undefined && resource.restrictedSelect
      ? resource.restrictedSelect(actor)
      : resource.select;
  return { resource, select, where: sql.join(conditions, sql` AND `), orderBy, limit, offset };
}

const OPERATOR_SQL: Record<'eq' | 'gt' | 'gte' | 'lt' | 'lte', string> = {
  eq: '=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

function columnCondition(declaration: ColumnFilter, value: unknown, path: string): RawBuilder<unknown> {
  const operations: Array<[FilterOperator, unknown]> =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value).map(([operator, operand]) => [operator as FilterOperator, operand])
      : [[Array.isArray(value) ? (declaration.kind === 'integer[]' ? 'overlaps' : 'in') : 'eq', value]];
  if (operations.length === 0) throw validation(path, 'A filter needs a value');
  const column = sql.ref(declaration.column);
  return sql.join(
    operations.map(([operator, operand]) => {
      const at = `${path}.${operator}`;
      if (!declaration.operators.includes(operator))
        throw validation(at, `The operator "${operator}" is not accepted on this field`);
      switch (operator) {
        case 'in':
        case 'overlaps': {
          if (!Array.isArray(operand) || operand.length > 1000)
            throw validation(at, 'Expected a list of at most 1000 values');
          const kind: FieldKind = declaration.kind === 'integer[]' ? 'integer' : declaration.kind;
          const values = operand.map((item) => checked(kind, item, at));
          if (values.length === 0) return sql`false`;
          return operator === 'in'
            ? sql`${column} IN (${sql.join(values)})`
            : sql`${column} && ${values}::integer[]`;
        }
        case 'contains':
          return sql`${column} ILIKE ${`%${String(checked('text', operand, at)).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
        default: {
          const symbol = OPERATOR_SQL[operator];
          if (declaration.kind === 'integer[]') throw validation(at, 'Expected a list filter');
          if (operand === null && operator === 'eq') return sql`${column} IS NULL`;
          const bound = checked(declaration.kind, operand, at);
          const cast =
            declaration.kind === 'date'
              ? sql`::date`
              : declaration.kind === 'timestamp'
                ? sql`::timestamptz`
                : sql``;
          return sql`${column} ${sql.raw(symbol)} ${bound}${cast}`;
        }
      }
    }),
    sql` AND `,
  );
}

function checked(kind: FieldKind, value: unknown, path: string): string | number | boolean {
  switch (kind) {
    case 'integer':
    case 'integer[]':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw validation(path, 'Expected an integer');
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw validation(path, 'Expected true or false');
    case 'date':
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)))
        return value;
      throw validation(path, 'Expected a date as YYYY-MM-DD');
    case 'timestamp':
      if (typeof value === 'string' && value.length <= 64 && !Number.isNaN(Date.parse(value))) return value;
      throw validation(path, 'Expected an ISO date and time');
    case 'text':
      if (typeof value === 'string' && value.length <= 500) return value;
      throw validation(path, 'Expected text of at most 500 characters');
  }
}

/** The answer of a query; `totalIsEstimate` marks a total taken from the planner's estimate. */
export interface QueryAnswer {
  records: EngineRecord[];
  total: number;
  totalIsEstimate?: true;
}

/**
 * Runs a planned query: the page (unless limit is 0) and the total. For types that declare
 * `estimateTotalsAbove` (subscribers, by the million), a page's total is exact only while it is small: the
 * planner's estimate is asked first, and a larger total is answered as that estimate, flagged, because counting
 * a million rows exactly would cost more than the page. `limit: 0` (asking for the count alone) is always exact.
 */
export async function runPlannedQuery(db: Kysely<Database>, plan: PlannedQuery): Promise<QueryAnswer> {
  const table = sql.table(plan.resource.table);
  const threshold = plan.resource.estimateTotalsAbove;
  let total: number | undefined;
  let estimated = false;
  if (threshold !== undefined && plan.limit > 0) {
    const explained = await sql<{
      'QUERY PLAN': unknown;
    }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${plan.where}`.execute(db);
    const estimate = planRows(explained.rows[0]?.['QUERY PLAN']);
    if (estimate !== undefined && estimate > threshold) {
      total = estimate;
      estimated = true;
    } else {
      // The estimate can be low: count at most a bounded number of rows, and fall back to the estimate rule.
      const cap = threshold * 4;
      const capped = await sql<{ total: number }>`SELECT count(*)::integer AS total
        FROM (SELECT 1 FROM ${table} WHERE ${plan.where} LIMIT ${cap + 1}) AS capped`.execute(db);
      total = capped.rows[0]?.total ?? 0;
      if (total > cap) estimated = true;
    }
  }
  if (total === undefined) {
    const totalRow = await sql<{
      total: number;
    }>`SELECT count(*)::integer AS total FROM ${table} WHERE ${plan.where}`.execute(db);
    total = totalRow.rows[0]?.total ?? 0;
  }
  const answer = (records: EngineRecord[]): QueryAnswer =>
    estimated ? { records, total: total ?? 0, totalIsEstimate: true } : { records, total: total ?? 0 };
  if (plan.limit === 0 || (!estimated && total <= plan.offset)) return answer([]);
  // A row of whichever type the plan reads; only its resource's toRecord looks inside.
  const rows = await sql<
    Record<string, unknown>
  >`SELECT ${plan.select} FROM ${table} WHERE ${plan.where} ORDER BY ${plan.orderBy} LIMIT ${plan.limit} OFFSET ${plan.offset}`.execute(
    db,
  );
  return answer(rows.rows.map((row) => plan.resource.toRecord(row)));
}

/** The row estimate of the top plan node of an EXPLAIN (FORMAT JSON). */
function planRows(plan: unknown): number | undefined {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const top = Array.isArray(parsed)
    ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)
    : undefined;
  const rows = top?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : undefined;
}

interface Running {
  cancel(): void;
}

/**
 * The PostgreSQL backend running a query's transaction, for cancelling its statement: a cancel is sent only
 * while the transaction still holds its connection, and the transaction waits for the cancel to be delivered
 * before it lets the connection go, so the signal can never reach a statement of another request that
 * took the connection from the pool next.
 */
class BackendStatement {
  readonly #db: Kysely<Database>;
  #pid: number | undefined;
  #delivering: Promise<unknown> = Promise.resolve();

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async hold<T>(trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
    const pid = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
    this.#pid = pid.rows[0]?.pid;
    try {
      return await work();
    } finally {
      this.#pid = undefined;
      await this.#delivering;
    }
  }

  cancel(): void {
    const pid = this.#pid;
    if (pid === undefined) return;
    this.#delivering = sql`SELECT pg_cancel_backend(${pid})`.execute(this.#db).catch(() => {});
  }
}
const runningByConnection = new WeakMap<ConnectionState, Map<string, Running>>();

/**
 * Runs `work` with the query time-out, and registers it under the connection's `queryKey` (a screen id
 * the client chooses, e.g. "campaigns-list"): a newer query with the same key cancels this one, whose
 * result is then discarded and which answers QueryCancelledError. On PostgreSQL the statements run in a
 * transaction with `SET LOCAL statement_timeout`, and a cancelled query's statement is cancelled on the
 * server (pg_cancel_backend). On PGlite, which cannot interrupt a statement that runs (on its own thread,
 * pglite-thread.ts), a timer answers at the limit and the query sends no further statement once answered:
 * one still waiting for the connection never takes it (work-context.ts).
 */
export async function withQueryLimits<T>(
  db: Kysely<Database>,
  postgres: boolean,
  connection: ConnectionState,
  queryKey: string | undefined,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  let running = runningByConnection.get(connection);
  if (!running) runningByConnection.set(connection, (running = new Map()));
  const timeoutMs = queryLimits.timeoutMs;
  const abandoned = new AbortController();
  let rejectEarly: (error: HeraldError) => void = () => {};
  const early = new Promise<never>((_resolve, reject) => {
    rejectEarly = (error) => {
      abandoned.abort(error);
      reject(error);
    };
  });
  early.catch(() => {});
  // On PostgreSQL a superseded query's statement is cancelled on the server too, not only its answer.
  const backend = postgres ? new BackendStatement(db) : undefined;
  const me: Running = {
    cancel: () => {
      rejectEarly(new HeraldError('QueryCancelledError'));
      backend?.cancel();
    },
  };
  if (queryKey !== undefined) {
    running.get(queryKey)?.cancel();
    running.set(queryKey, me);
  }
  const timer = setTimeout(() => rejectEarly(new HeraldError('QueryTimeoutError')), timeoutMs);
  const startedAt = performance.now();
  const execution = (
    postgres
      ? db.transaction().execute(async (trx) => {
          await sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`).execute(trx);
          return (backend as BackendStatement).hold(trx, () => work(trx));
        })
      : withQuerySignal(abandoned.signal, () => work(db))
  ).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === '57014') throw new HeraldError('QueryTimeoutError');
    throw error;
  });
  execution.catch(() => {});
  try {
    const result = await Promise.race([execution, early]);
    // A statement that ran past the limit to its end (PGlite) still answers the time-out.
    if (performance.now() - startedAt > timeoutMs) throw new HeraldError('QueryTimeoutError');
    return result;
  } finally {
    clearTimeout(timer);
    if (queryKey !== undefined && running.get(queryKey) === me) running.delete(queryKey);
  }
}
