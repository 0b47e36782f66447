import type { TagStats } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { tagStatsOf } from './tag-record.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Contactable: not globally unsubscribed, not invalid, not anonymized (the rule of the list figures). */
const CONTACTABLE = sql`NOT s.is_unsubscribed AND NOT s.is_invalid AND s.anonymized_at IS NULL`;

/**
 * The average of one predicted score over the tag's contactable subscribers: the figures describe whom a
 * campaign on the tag could reach. A score that is missing or not a number is left out, so a tag none of whose
 * subscribers is scored yet answers null rather than 0.
 */
function averageScore(key: string): RawBuilder<unknown> {
  const score = sql`s.scores -> ${sql.lit(key)}`;
  return sql`avg(CASE WHEN jsonb_typeof(${score}) = 'number' THEN (s.scores ->> ${sql.lit(key)})::float8 END)
    FILTER (WHERE ${CONTACTABLE})`;
}

/**
 * A scalar subquery answering a tag's figures (without updatedAt) as a jsonb object, for the tag whose id
 * `tagId` gives (a value, or `tag.id` in a correlated select), within `partitionIds` when given (a
 * partition-restricted user's figures).
 */
export function tagFiguresSql(
  tagId: RawBuilder<unknown> | number,
  organizationId: RawBuilder<unknown> | number,
  partitionIds?: readonly number[],
): RawBuilder<unknown> {
  const withinPartitions =
    partitionIds === undefined ? sql`true` : sql`s.partition_ids && ${[...partitionIds]}::integer[]`;
  return sql`(SELECT jsonb_build_object(
      'subscribers', count(*),
      'contactable', count(*) FILTER (WHERE ${CONTACTABLE}),
      'predictedEngagement', ${averageScore('predicted_lifetime_engagement')},
      'predictedConversion', ${averageScore('predicted_lifetime_conversion')},
      'predictedValue', ${averageScore('predicted_lifetime_value')})
    FROM subscriber_tag st JOIN subscriber s ON s.id = st.subscriber_id AND s.organization_id = st.organization_id
    WHERE st.tag_id = ${tagId} AND st.organization_id = ${organizationId} AND ${withinPartitions})`;
}

/**
 * Recounts a tag's figures over the whole organization, stores them in `tag.stats` with the time, and answers
 * them; undefined when the tag is not the organization's. tagSubscribers calls it in its transaction.
 */
export async function refreshTagStats(
  db: Executor,
  organizationId: number,
  tagId: number,
): Promise<TagStats | undefined> {
  const rows = await sql<{ stats: unknown }>`UPDATE tag
    SET stats = ${tagFiguresSql(tagId, organizationId)} || jsonb_build_object('updatedAt',
      to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    WHERE id = ${tagId} AND organization_id = ${organizationId}
    RETURNING stats`.execute(db);
  const row = rows.rows[0];
  return row ? tagStatsOf(row.stats) : undefined;
}

/** A tag's figures within a restricted user's partitions, counted now and not stored. */
export async function tagStatsWithin(
  db: Executor,
  organizationId: number,
  tagId: number,
  partitionIds: readonly number[],
): Promise<Omit<TagStats, 'updatedAt'>> {
  const rows = await sql<{
    figures: unknown;
  }>`SELECT ${tagFiguresSql(tagId, organizationId, partitionIds)} AS figures`.execute(db);
  const { updatedAt: _updatedAt, ...figures } = tagStatsOf(rows.rows[0]?.figures);
  return figures;
}
