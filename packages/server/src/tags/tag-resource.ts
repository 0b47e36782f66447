import {
  HeraldError,
  tagWriteSchema,
  type TagRecord,
  type TagWrite,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow, writeEach } from '../query/write-helpers.ts';
import { TAG_SELECT, tagRecord, tagStatsOf, type TagRow } from './tag-record.ts';
import { tagFiguresSql } from './tag-stats.ts';

/**
 * Tags (functional §3): names the organization puts on subscribers, with the figures of the tagged. Tags
 * are organization-wide, not partitioned: a partition-restricted user reads every tag, with figures recounted
 * within their partitions (restrictedSelect), since the stored ones are the whole organization's.
 */
export const tagResource = implementResource({
  definition: resourceDefinitions.tag,
  table: 'tag',
  select: TAG_SELECT,
  toRecord: (row: TagRow & { partition_stats?: unknown }) =>
    withPartitionStats(tagRecord(row), row.partition_stats),
  filters: {
    id: { column: 'tag.id' },
    name: { column: 'tag.name' },
    isArchived: { column: 'tag.is_archived' },
  },
  sortable: { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' },
  search: ['tag.name'],
  restrictedCondition: () => sql`true`,
  restrictedSelect: (actor) =>
    sql<
      TagRow & { partition_stats: unknown }
    >`${TAG_SELECT}, ${tagFiguresSql(sql`tag.id`, sql`tag.organization_id`, actor.partitionIds ?? [])} AS partition_stats`,
  write: writeEach(tagWriteSchema, writeTag),
});

/** A restricted user's tag record: its figures within their partitions, with the stored update time. */
function withPartitionStats(record: TagRecord, partitionStats: unknown): TagRecord {
  if (typeof partitionStats !== 'object' || partitionStats === null) return record;
  return { ...record, stats: { ...tagStatsOf(partitionStats), updatedAt: record.stats.updatedAt } };
}

/** Names are unique in the organization in any case (the index on lower(name)); answered at the field. */
async function checkNameFree(
  trx: Transaction<Database>,
  organizationId: number,
  name: string,
  exceptTagId: number | undefined,
  path: string,
): Promise<void> {
  const taken = await sql<{ id: number }>`SELECT id FROM tag
    WHERE organization_id = ${organizationId} AND lower(name) = lower(${name})
      AND id <> ${exceptTagId ?? 0}`.execute(trx);
  if (taken.rows.length > 0) throw validation(`${path}.name`, 'A tag with this name exists');
}

async function writeTag(
  trx: Transaction<Database>,
  actor: Actor,
  input: TagWrite,
  path: string,
): Promise<TagRecord> {
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.name === undefined) throw validation(`${path}.name`, 'A tag needs a name');
    await checkNameFree(trx, actor.organizationId, input.name, undefined, path);
    const row = await sql<TagRow>`
      INSERT INTO tag (organization_id, name, description, is_archived)
      VALUES (${actor.organizationId}, ${input.name}, ${input.description ?? ''}, ${input.isArchived ?? false})
      RETURNING ${TAG_SELECT}`
      .execute(trx)
      .catch(nameTakenMeanwhile(path));
    return tagRecord(returnedRow(row));
  }
  const current = (
    await sql<TagRow>`SELECT ${TAG_SELECT} FROM tag
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId} FOR UPDATE`.execute(trx)
  ).rows[0];
  if (!current) throw new HeraldError('NotFoundError');
  const stored = tagRecord(current);
  checkVersion(input, stored, path);
  if (input.name !== undefined) await checkNameFree(trx, actor.organizationId, input.name, input.id, path);
  const row = await sql<TagRow>`
    UPDATE tag SET name = ${input.name ?? stored.name},
      description = ${input.description ?? stored.description},
      is_archived = ${input.isArchived ?? stored.isArchived},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${input.id} AND organization_id = ${actor.organizationId}
    RETURNING ${TAG_SELECT}`
    .execute(trx)
    .catch(nameTakenMeanwhile(path));
  return tagRecord(returnedRow(row));
}

/** A concurrent writer took the name between the check and the statement: the same answer as the check. */
function nameTakenMeanwhile(path: string) {
  return (error: unknown): never => {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505')
      throw validation(`${path}.name`, 'A tag with this name exists');
    throw error;
  };
}
