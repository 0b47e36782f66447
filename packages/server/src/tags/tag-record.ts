import type { TagRecord, TagStats } from '@herald/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { TagTable } from '../targets/tables.ts';

/** A tag as TAG_SELECT reads it. */
export type TagRow = Omit<Selectable<TagTable>, 'organization_id'>;

/** The select list of a tag, for the query type and for the records the commands of this area push. */
export const TAG_SELECT = sql<TagRow>`tag.id, tag.name, tag.description, tag.is_archived, tag.stats, tag.created_at,
  tag.updated_at, tag.version`;

const iso = (value: Date) => new Date(value).toISOString();

const count = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const average = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * A tag's figures as stored in `tag.stats` (or recounted within partitions): a tag never counted yet has
 * `{}` there and answers zeros, no averages and no update time.
 */
export function tagStatsOf(stored: unknown): TagStats {
  const figures =
    typeof stored === 'string'
      ? (JSON.parse(stored) as Record<string, unknown>)
      : ((stored ?? {}) as Record<string, unknown>);
  return {
    subscribers: count(figures.subscribers),
    contactable: count(figures.contactable),
    predictedEngagement: average(figures.predictedEngagement),
    predictedConversion: average(figures.predictedConversion),
    predictedValue: average(figures.predictedValue),
    updatedAt: typeof figures.updatedAt === 'string' ? figures.updatedAt : null,
  };
}

export function tagRecord(row: TagRow): TagRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isArchived: row.is_archived,
    stats: tagStatsOf(row.stats),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/** One tag of the organization as clients see it, or undefined when it is not the organization's. */
export async function readTagRecord(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
  tagId: number,
): Promise<TagRecord | undefined> {
  const rows = await sql<TagRow>`SELECT ${TAG_SELECT} FROM tag
    WHERE tag.id = ${tagId} AND tag.organization_id = ${organizationId}`.execute(db);
  const row = rows.rows[0];
  return row ? tagRecord(row) : undefined;
}
