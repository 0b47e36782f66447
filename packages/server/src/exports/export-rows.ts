import type { ExportType } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../database/schema.ts';
import { SUBSCRIBER_SELECT } from '../subscribers/subscriber-record.ts';

/** Rows read per query: memory stays flat however large the export. */
export const EXPORT_PAGE_SIZE = 5_000;

export interface ExportScope {
  organizationId: number;
  type: ExportType;
  /** The list whose members (listMembers) or subscribers (subscribers with a target) are exported. */
  listId: number | null;
  /** A restricted requester's partitions; undefined for head office. */
  partitionIds: readonly number[] | undefined;
  /** The compiled target expression of a subscribers export, when it has one. */
  condition?: RawBuilder<boolean> | undefined;
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** The text of one cell; writeCsvExtract makes it formula-safe. */
function cellOf(row: Record<string, unknown>, column: string): unknown {
  if (column.startsWith('custom.')) {
    const value = (row.custom as Record<string, unknown> | null)?.[column.slice('custom.'.length)];
    return value ?? null;
  }
  switch (column) {
    case 'partition_ids':
      return ((row.partition_ids ?? []) as number[]).join(' ');
    case 'created_at':
    case 'updated_at':
      return row[column] ? iso(row[column]) : null;
    case 'extra':
      return Object.keys((row.extra ?? {}) as object).length === 0 ? null : row.extra;
    default:
      return row[column] ?? null;
  }
}

/**
 * The subscribers an export reads: the organization's (or the list's), never anonymized ones (their profile
 * is erased), and for a restricted requester only those of their partitions.
 */
function subscriberSource(scope: ExportScope): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  const from =
    scope.listId === null
      ? sql`subscriber`
      : sql`subscriber JOIN list_membership m ON m.subscriber_id = subscriber.id AND m.list_id = ${scope.listId}
          AND m.organization_id = ${scope.organizationId}`;
  const partitions =
    scope.partitionIds === undefined
      ? sql`true`
      : sql`subscriber.partition_ids && ${[...scope.partitionIds]}::integer[]`;
  return {
    from,
    where: sql`subscriber.organization_id = ${scope.organizationId} AND subscriber.anonymized_at IS NULL
      AND ${partitions} AND ${scope.condition ?? sql`true`}`,
  };
}

/** How many rows the export will write (the job's progress total). */
export async function countExportRows(db: Kysely<Database>, scope: ExportScope): Promise<number> {
  if (scope.type === 'customFields') {
    const row = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM custom_field
      WHERE organization_id = ${scope.organizationId} AND NOT is_deleted`.execute(db);
    return Number(row.rows[0]?.count ?? 0);
  }
  const { from, where } = subscriberSource(scope);
  const row = await sql<{
    count: number;
  }>`SELECT count(*)::integer AS count FROM ${from} WHERE ${where}`.execute(db);
  return Number(row.rows[0]?.count ?? 0);
}

/**
 * The export's rows, page by page in id order (keyset pagination: each page starts after the last id seen,
 * so no page costs more than the one before). `checkStop` runs between pages (cancellation).
 */
export async function* exportRows(
  db: Kysely<Database>,
  scope: ExportScope,
  columns: readonly string[],
  checkStop: () => void,
): AsyncGenerator<unknown[]> {
  if (scope.type === 'customFields') {
    yield* customFieldRows(db, scope.organizationId, columns);
    return;
  }
  const { from, where } = subscriberSource(scope);
  const memberColumns = scope.type === 'listMembers' ? sql`, m.is_list_unsubscribed, m.list_option` : sql``;
  let after = 0;
  for (;;) {
    checkStop();
    const page = await sql<Record<string, unknown>>`
      SELECT ${SUBSCRIBER_SELECT} ${memberColumns} FROM ${from}
      WHERE ${where} AND subscriber.id > ${after}
      ORDER BY subscriber.id LIMIT ${EXPORT_PAGE_SIZE}`.execute(db);
    for (const row of page.rows) yield columns.map((column) => cellOf(row, column));
    const last = page.rows.at(-1);
    if (!last || page.rows.length < EXPORT_PAGE_SIZE) return;
    after = Number(last.id);
  }
}

async function* customFieldRows(
  db: Kysely<Database>,
  organizationId: number,
  columns: readonly string[],
): AsyncGenerator<unknown[]> {
  const rows = await db
    .selectFrom('custom_field')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const schema = row.schema as { dataType?: string; values?: string[] };
    const cells: Record<string, unknown> = {
      id: row.id,
      type: row.type,
      field: row.field,
      groupName: row.group_name,
      description: row.description,
      dataType: schema.dataType ?? 'text',
      values: (schema.values ?? []).join('|'),
      validationRegex: row.validation_regex,
      isArchived: row.is_archived,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
    yield columns.map((column) => cells[column] ?? null);
  }
}
