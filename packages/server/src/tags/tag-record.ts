import type { TagRecord, TagStats } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The select list of a tag, for the query type and for the records the commands of this area push. */
export const TAG_SELECT = sql`tag.id, tag.name, tag.description, tag.is_archived, tag.stats, tag.created_at,
  tag.updated_at, tag.version`;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

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

export function tagRecord(row: Record<string, unknown>): TagRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description ?? ''),
    isArchived: Boolean(row.is_archived),
    stats: tagStatsOf(row.stats),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
  };
}

/** One tag of the organization as clients see it, or undefined when it is not the organization's. */
export async function readTagRecord(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
  tagId: number,
): Promise<TagRecord | undefined> {
  const rows = await sql<Record<string, unknown>>`SELECT ${TAG_SELECT} FROM tag
    WHERE tag.id = ${tagId} AND tag.organization_id = ${organizationId}`.execute(db);
  const row = rows.rows[0];
  return row ? tagRecord(row) : undefined;
}
