import { WRITABLE_PROFILE_FIELDS, type ImportRejectionDetail } from '@herald/protocol';
import { sql } from 'kysely';
import { copyText, type CopySession } from '../database/copy-session.ts';
import type { ValidRow } from './validate-row.ts';

type FillableField = Exclude<(typeof WRITABLE_PROFILE_FIELDS)[number], 'email' | 'extra'>;

/**
 * Profile fields stored as they are on a new subscriber and filled where empty on an existing one: the
 * contract's writable fields but e-mail (which matches rows) and extra (merged as JSON).
 */
export const FILLABLE_PROFILE_FIELDS = WRITABLE_PROFILE_FIELDS.filter(
  (field): field is FillableField => field !== 'email' && field !== 'extra',
);

/** What every batch of one import shares. */
export interface MergePlan {
  organizationId: number;
  jobId: number;
  listId: number | undefined;
  updateExisting: boolean;
  markUnsubscribed: boolean;
  listOption: string;
  sourceName: string;
  partitionIds: readonly number[];
  /** The fillable profile fields the import maps (only these are copied and written). */
  profileFields: readonly FillableField[];
  hasCustom: boolean;
  hasExtra: boolean;
  /** Whether e-mail and ref are mapped (rows are matched by whichever are). */
  hasEmail: boolean;
  hasRef: boolean;
}

/** One batch, already validated and turned into COPY text while the previous batch was being merged. */
export interface PreparedBatch {
  /** Rows consumed from the source in this batch (valid and rejected). */
  rowsRead: number;
  validRows: number;
  /** COPY text of the valid rows (stagingLine), UTF-8. */
  staging: Uint8Array;
  rejected: number;
  /** COPY text of the rejected rows (rejectionLine), UTF-8. */
  rejections: Uint8Array;
}

export interface MergeCounts {
  created: number;
  updated: number;
  skipped: number;
  /** Rows matched to existing subscribers (0 when the batch was inserted whole, as expected new). */
  matched: number;
  /** The batch was expected to hold only new subscribers, and did not: it was merged the ordinary way. */
  expectedNewInVain: boolean;
}

/** How one batch is merged. */
export interface MergeOptions {
  /**
   * Whether the batch is likely to hold only new subscribers (the import's previous batch did): it is then
   * inserted whole first, and merged the ordinary way only if a row exists after all.
   */
  expectNew?: boolean;
}

/**
 * The staging table lives as long as the connection and is emptied at each commit: creating and dropping
 * it for every batch costs catalog writes that showed in the profile.
 */
const STAGING_TABLE = sql`CREATE TEMP TABLE IF NOT EXISTS import_staging (
    row_number integer NOT NULL, email text, email_key text, ref text,
    title text, firstname text, lastname text, gender text, dob date, phone text, address text, address2 text,
    address3 text, suburb text, state text, postcode text, country text, notifications text, resume_date date,
    custom jsonb, extra jsonb, subscriber_id integer
  ) ON COMMIT DELETE ROWS`;

/**
 * Thrown (rolling the batch back) when a new row's insert met a subscriber created meanwhile by another
 * writer with the same e-mail or ref; the import runs the batch again, and then matches that subscriber.
 */
export class BatchConflictError extends Error {
  constructor() {
    super('A subscriber of this batch was created meanwhile by another change');
  }
}

/** The staging columns a plan copies, in the order stagingLine writes them. */
export function stagingColumns(plan: MergePlan): string[] {
  return [
    'row_number',
    'email',
    'email_key',
    'ref',
    ...plan.profileFields,
    ...(plan.hasCustom ? ['custom'] : []),
    ...(plan.hasExtra ? ['extra'] : []),
  ];
}

/** One valid row as a line of COPY text for stagingColumns(plan). */
export function stagingLine(plan: MergePlan, rowNumber: number, row: ValidRow): string {
  let line = `${rowNumber}\t${copyText(row.email)}\t${copyText(row.emailKey)}\t${copyText(row.ref)}`;
  for (const field of plan.profileFields) line += `\t${copyText(row.profile[field])}`;
  if (plan.hasCustom) line += `\t${copyText(row.custom ? JSON.stringify(row.custom) : null)}`;
  if (plan.hasExtra) line += `\t${copyText(row.extra ? JSON.stringify(row.extra) : null)}`;
  return `${line}\n`;
}

/** import_rejection's columns, in rejectionLine's order. */
export const REJECTION_COLUMNS = ['job_id', 'row_number', 'reason', 'value', 'detail'];

/**
 * One rejected row as a line of COPY text for import_rejection: the English reason, and when known the
 * refused cell and the reason's code and values (getImportRejections).
 */
export function rejectionLine(
  jobId: number,
  rowNumber: number,
  rejection: { reason: string; value?: string | undefined; detail?: ImportRejectionDetail | undefined },
): string {
  const detail = rejection.detail ? JSON.stringify(rejection.detail) : null;
  return `${jobId}\t${rowNumber}\t${copyText(rejection.reason)}\t${copyText(rejection.value ?? null)}\t${copyText(detail)}\n`;
}

/**
 * Merges one batch inside the caller's transaction: the rows go to a temporary staging table by COPY, are
 * matched to existing subscribers by lower(email), then by ref (always within the organization), new ones
 * are inserted (and join the list in the same statement), existing ones are updated when the import says so
 * (custom fields and extra merged, partitions added, standard profile fields only filled where empty —
 * functional §5: they cannot be updated for existing subscribers) and join the list too. Set-based
 * statements, one per step, so the cost per row is a few index lookups whatever the batch size. (SET LOCAL
 * keeps the join settings to this transaction.)
 */
export async function mergeBatch(
  session: CopySession,
  plan: MergePlan,
  batch: PreparedBatch,
  /**
   * Awaited before anything that locks rows another batch may lock too (existing subscribers, their
   * memberships, the list): the import commits its batches in file order, and a batch running ahead only
   * inserts new subscribers (keys no other batch of the file has) until the one before it has committed.
   */
  earlierBatchesCommitted: () => Promise<void> = async () => {},
  options: MergeOptions = {},
): Promise<MergeCounts> {
  const counts: MergeCounts = { created: 0, updated: 0, skipped: 0, matched: 0, expectedNewInVain: false };
  if (batch.rejections.length > 0)
    await session.copyIn('import_rejection', REJECTION_COLUMNS, batch.rejections);
  if (batch.validRows === 0) {
    await earlierBatchesCommitted();
    return counts;
  }
  const organization = plan.organizationId;
  await session.run(STAGING_TABLE);
  await session.copyIn('import_staging', stagingColumns(plan), batch.staging);
  // Matching must be a lookup per staged row through the subscriber indexes, whatever the statistics say:
  // the embedded database never analyzes by itself, so mid-import it believes the organization has a few
  // subscribers and chose to materialize them all and compare each with each staged row (minutes per batch,
  // growing with every batch). Only the parameterized index scan is left open.
  for (const plan of ['seqscan', 'hashjoin', 'mergejoin', 'material', 'bitmapscan'])
    await session.run(sql`SET LOCAL ${sql.raw(`enable_${plan}`)} = off`);
  // A batch expected to hold only new subscribers is inserted whole without looking each row up first: the
  // inserts' unique indexes look every e-mail and ref up anyway, and a row that exists after all (or that
  // another writer just created) fails the insert with a unique violation, which rolls back to the savepoint
  // and merges the batch the ordinary way. The lookups cost about a fifth of a batch of new subscribers.
  if (options.expectNew) {
    await session.run(sql`SAVEPOINT new_subscribers`);
    const inserted = await insertNewSubscribers(session, plan).catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      await session.run(sql`ROLLBACK TO SAVEPOINT new_subscribers`);
      return undefined;
    });
    if (inserted !== undefined) {
      await session.run(sql`RELEASE SAVEPOINT new_subscribers`);
      counts.created = inserted;
      await earlierBatchesCommitted();
      await countNewMembers(session, plan, counts.created);
      return counts;
    }
    counts.expectedNewInVain = true;
  }
  // Each match is skipped when its key is not mapped: a probe per staged row costs time even when none match.
  const byEmail = !plan.hasEmail
    ? []
    : await session.run(sql<{ count: number }>`WITH matched AS (
          UPDATE import_staging st SET subscriber_id = s.id FROM subscriber s
          WHERE st.email_key IS NOT NULL AND s.organization_id = ${organization} AND lower(s.email) = st.email_key
            AND s.email IS NOT NULL RETURNING 1)
        SELECT count(*)::integer AS count FROM matched`);
  const byRef = !plan.hasRef
    ? []
    : await session.run(sql<{ count: number }>`WITH matched AS (
          UPDATE import_staging st SET subscriber_id = s.id FROM subscriber s
          WHERE st.subscriber_id IS NULL AND st.ref IS NOT NULL AND s.organization_id = ${organization}
            AND s.ref = st.ref AND s.ref IS NOT NULL
          RETURNING 1)
        SELECT count(*)::integer AS count FROM matched`);
  const existing = (byEmail[0]?.count ?? 0) + (byRef[0]?.count ?? 0);
  counts.matched = existing;
  if (batch.validRows - existing > 0)
    counts.created = await insertNewSubscribers(session, plan).catch((error: unknown) => {
      throw isUniqueViolation(error) ? new BatchConflictError() : error;
    });
  await earlierBatchesCommitted();
  if (existing > 0 && plan.updateExisting) {
    const sets = [
      ...plan.profileFields.map(
        (field) => sql`${sql.ref(field)} = coalesce(${sql.ref(`s.${field}`)}, ${sql.ref(`st.${field}`)})`,
      ),
      ...(plan.hasCustom ? [sql`custom = s.custom || coalesce(st.custom, '{}'::jsonb)`] : []),
      ...(plan.hasExtra ? [sql`extra = s.extra || coalesce(st.extra, '{}'::jsonb)`] : []),
      ...(plan.partitionIds.length > 0
        ? [
            sql`partition_ids = ARRAY(SELECT DISTINCT unnest(s.partition_ids || ${plan.partitionIds}::integer[])
              ORDER BY 1)`,
          ]
        : []),
      sql`updated_at = now()`,
      sql`version = s.version + 1`,
    ];
    await session.run(sql`UPDATE subscriber s SET ${sql.join(sets)} FROM import_staging st
      WHERE st.subscriber_id = s.id AND s.organization_id = ${organization}`);
    // Counted by rows: two rows naming one subscriber by different keys (an e-mail, a ref) both count.
    counts.updated = existing;
    if (plan.listId !== undefined)
      await session.run(sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id,
          is_list_unsubscribed, list_option, source_name)
        SELECT DISTINCT ON (subscriber_id) ${plan.listId}, subscriber_id, ${organization}, ${plan.markUnsubscribed},
          ${plan.listOption}, ${plan.sourceName}
        FROM import_staging WHERE subscriber_id IS NOT NULL ORDER BY subscriber_id
        ON CONFLICT (list_id, subscriber_id) DO UPDATE SET
          is_list_unsubscribed = list_membership.is_list_unsubscribed OR EXCLUDED.is_list_unsubscribed,
          list_option = EXCLUDED.list_option, updated_at = now()`);
  } else {
    counts.skipped = existing;
  }
  await countNewMembers(session, plan, counts.created);
  return counts;
}

/**
 * Inserts the staged rows not matched to a subscriber (all of them when matching was skipped), each joining
 * the list in the same statement; answers how many. A concurrent writer's, or an unmatched existing
 * subscriber's, e-mail or ref fails it with a unique violation.
 */
async function insertNewSubscribers(session: CopySession, plan: MergePlan): Promise<number> {
  const organization = plan.organizationId;
  const columns = [
    'email',
    'ref',
    ...plan.profileFields,
    ...(plan.hasCustom ? ['custom'] : []),
    ...(plan.hasExtra ? ['extra'] : []),
  ];
  const values = columns.map((column) =>
    column === 'custom' || column === 'extra'
      ? sql`coalesce(${sql.ref(column)}, '{}'::jsonb)`
      : sql.ref(column),
  );
  const joinList =
    plan.listId === undefined
      ? sql``
      : sql`, joined AS (
           INSERT INTO list_membership (list_id, subscriber_id, organization_id, is_list_unsubscribed, list_option, source_name)
           SELECT ${plan.listId}, id, ${organization}, ${plan.markUnsubscribed}, ${plan.listOption}, ${plan.sourceName}
           FROM inserted)`;
  // Rows go in sorted as the name indexes are, so consecutive index insertions land on neighbouring pages:
  // 1M rows into the indexed table took 11.6 s sorted against 15 s in file order (PostgreSQL 15, this
  // machine). A plain INSERT rather than ON CONFLICT DO NOTHING, whose speculative insertion cost another
  // 3.3 s per million: the rows were just matched, or are expected new, so a conflict is rare.
  const sortKeys = ['country', 'lastname'].filter((field) =>
    plan.profileFields.includes(field as FillableField),
  );
  const order = sortKeys.length > 0 ? sql`ORDER BY ${sql.join(sortKeys.map((key) => sql.ref(key)))}` : sql``;
  const inserted = await session.run(
    sql<{ count: number }>`WITH inserted AS (
        INSERT INTO subscriber (organization_id, ${sql.join(columns.map((column) => sql.ref(column)))},
          partition_ids, source_name)
        SELECT ${organization}, ${sql.join(values)}, ${plan.partitionIds}::integer[], ${plan.sourceName}
        FROM import_staging WHERE subscriber_id IS NULL ${order}
        RETURNING id)${joinList}
      SELECT count(*)::integer AS count FROM inserted`,
  );
  return inserted[0]?.count ?? 0;
}

/**
 * The new subscribers' memberships are counted into the list's statistics as they are written (a new
 * subscriber is neither invalid nor globally unsubscribed), so a large import needs no recount of the whole
 * list while it runs; existing subscribers joining need one (import-job.ts), and every import ends with one.
 */
async function countNewMembers(session: CopySession, plan: MergePlan, created: number): Promise<void> {
  if (plan.listId === undefined) return;
  const unsubscribed = plan.markUnsubscribed ? created : 0;
  await session.run(sql`UPDATE subscriber_list SET last_updated = now(),
      subscriber_count = subscriber_count + ${created},
      contactable_count = contactable_count + ${created - unsubscribed},
      unsubscribed_count = unsubscribed_count + ${unsubscribed}
    WHERE id = ${plan.listId} AND organization_id = ${plan.organizationId}`);
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite both report it. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
