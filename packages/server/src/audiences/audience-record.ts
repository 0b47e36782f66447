import { printTarget, type AudienceRecord, type AudienceStatus, type TargetNode } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import type { AudienceTable } from '../targets/tables.ts';

type Reader = Kysely<Database> | Transaction<Database>;

/** An audience as AUDIENCE_SELECT (or the restricted select) reads it. */
export type AudienceRow = Omit<Selectable<AudienceTable>, 'organization_id'>;

/** Every column of an audience but its size, which a partition-restricted user gets recounted. */
const AUDIENCE_COLUMNS = sql`audience.id, audience.name, audience.description, audience.target, audience.status,
  audience.error, audience.is_archived, audience.partition_ids, audience.generated_at, audience.created_at,
  audience.updated_at, audience.version`;

/** The select list of an audience as the organization sees it: the size stored at its last generation. */
export const AUDIENCE_SELECT = sql<AudienceRow>`${AUDIENCE_COLUMNS}, audience.size`;

/**
 * The select list for a partition-restricted user: the size is how many of the last generation's members
 * are subscribers of their partitions (the stored size counts the whole organization). Still null before
 * the first generation.
 */
export function restrictedAudienceSelect(partitionIds: readonly number[]): RawBuilder<AudienceRow> {
  return sql<AudienceRow>`${AUDIENCE_COLUMNS}, CASE WHEN audience.size IS NULL THEN NULL ELSE (
    SELECT count(*)::integer FROM audience_member am JOIN subscriber s ON s.id = am.subscriber_id
    WHERE am.audience_id = audience.id AND am.organization_id = audience.organization_id
      AND s.partition_ids && ${[...partitionIds]}::integer[]) END AS size`;
}

/** The select list for this actor (restricted users get their partitions' size). */
export function audienceSelectFor(actor: Actor): RawBuilder<AudienceRow> {
  return actor.partitionIds === undefined ? AUDIENCE_SELECT : restrictedAudienceSelect(actor.partitionIds);
}

const iso = (value: Date) => new Date(value).toISOString();

/** The stored tree: jsonb reads back as an object, or as its text from a driver that does not parse it. */
export function storedTarget(value: unknown): TargetNode {
  return (typeof value === 'string' ? JSON.parse(value) : value) as TargetNode;
}

export function audienceRecord(row: AudienceRow): AudienceRecord {
  const target = storedTarget(row.target);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    target,
    targetText: printTarget(target),
    // The column holds only AUDIENCE_STATUSES (the generation job and the commands set it).
    status: row.status as AudienceStatus,
    size: row.size,
    error: row.error,
    isArchived: row.is_archived,
    partitionIds: row.partition_ids,
    generatedAt: row.generated_at ? iso(row.generated_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/**
 * One audience as the actor sees it, when they may reach it: a restricted user only audiences sharing one
 * of their partitions. `forUpdate` locks the row for the transaction (writes, generation requests).
 */
export async function readVisibleAudience(
  db: Reader,
  actor: Actor,
  audienceId: number,
  options: { forUpdate?: boolean } = {},
): Promise<AudienceRecord | undefined> {
  const visible =
    actor.partitionIds === undefined
      ? sql`true`
      : sql`audience.partition_ids && ${[...actor.partitionIds]}::integer[]`;
  const lock = options.forUpdate ? sql` FOR UPDATE` : sql``;
  const rows = await sql<AudienceRow>`SELECT ${audienceSelectFor(actor)} FROM audience
    WHERE audience.id = ${audienceId} AND audience.organization_id = ${actor.organizationId}
      AND ${visible}${lock}`.execute(db);
  const row = rows.rows[0];
  return row ? audienceRecord(row) : undefined;
}

/** An audience as the organization sees it (what a job pushes live after each status change). */
export async function readAudience(
  db: Reader,
  organizationId: number,
  audienceId: number,
): Promise<AudienceRecord | undefined> {
  const rows = await sql<AudienceRow>`SELECT ${AUDIENCE_SELECT} FROM audience
    WHERE audience.id = ${audienceId} AND audience.organization_id = ${organizationId}`.execute(db);
  const row = rows.rows[0];
  return row ? audienceRecord(row) : undefined;
}
