import { HeraldError, type ContentBlockRecord, type ContentBlockWrite } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import { distinctTags, newRecordPartitions } from '../assets/write-asset.ts';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow } from '../query/write-helpers.ts';
import {
  CONTENT_BLOCK_SELECT,
  contentBlockRecord,
  readVisibleContentBlock,
  type ContentBlockRow,
} from './content-block-record.ts';

/**
 * Creates or updates one content block of writeRecords. A create needs a name (content defaults to empty HTML);
 * its partitions are those given, else a restricted writer's own. The target is changed only by
 * updateContentBlockTarget.
 */
export async function writeContentBlock(
  trx: Transaction<Database>,
  actor: Actor,
  input: ContentBlockWrite,
  path: string,
): Promise<ContentBlockRecord> {
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.name === undefined) throw validation(`${path}.name`, 'A content block needs a name');
    const partitionIds = await newRecordPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
    const row = await sql<ContentBlockRow>`
      INSERT INTO content_block (organization_id, name, format, content, tags, is_published, partition_ids,
        created_by)
      VALUES (${actor.organizationId}, ${input.name}, ${input.format ?? 'html'}, ${input.content ?? ''},
        ${distinctTags(input.tags ?? [])}::text[], ${input.isPublished ?? false}, ${partitionIds}::integer[],
        ${actor.userId})
      RETURNING ${CONTENT_BLOCK_SELECT}`.execute(trx);
    return contentBlockRecord(returnedRow(row));
  }
  const stored = await readVisibleContentBlock(trx, actor, input.id, { forUpdate: true });
  if (!stored) throw new HeraldError('ContentBlockNotFoundError');
  checkVersion(input, stored, path);
  if (input.partitionIds !== undefined) {
    await checkPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
    if (actor.partitionIds !== undefined && input.partitionIds.length === 0)
      throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
  }
  const row = await sql<ContentBlockRow>`
    UPDATE content_block SET name = ${input.name ?? stored.name}, format = ${input.format ?? stored.format},
      content = ${input.content ?? stored.content},
      tags = ${input.tags === undefined ? stored.tags : distinctTags(input.tags)}::text[],
      is_published = ${input.isPublished ?? stored.isPublished},
      partition_ids = ${input.partitionIds ?? stored.partitionIds}::integer[],
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}
    RETURNING ${CONTENT_BLOCK_SELECT}`.execute(trx);
  return contentBlockRecord(returnedRow(row));
}

/** Sets or clears a block's target: checked against the organization, stored as canonical text. */
export async function updateContentBlockTarget(
  trx: Transaction<Database>,
  actor: Actor,
  contentBlockId: number,
  target: string | null,
  canonical: (text: string) => Promise<string>,
): Promise<ContentBlockRecord> {
  const stored = await readVisibleContentBlock(trx, actor, contentBlockId, { forUpdate: true });
  if (!stored) throw new HeraldError('ContentBlockNotFoundError');
  const text = target === null || target.trim() === '' ? null : await canonical(target);
  const row = await sql<ContentBlockRow>`
    UPDATE content_block SET target = ${text},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}
    RETURNING ${CONTENT_BLOCK_SELECT}`.execute(trx);
  return contentBlockRecord(returnedRow(row));
}
