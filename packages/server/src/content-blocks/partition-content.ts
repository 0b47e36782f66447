import { HeraldError, type ActivityRecord, type PartitionContent } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import { validation, type Actor } from '../query/resources.ts';

/** An activity's partition content as the actor may see it: a restricted user, their partitions' entries. */
export async function readPartitionContent(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  activityId: number,
): Promise<PartitionContent[]> {
  const own = actor.partitionIds;
  const rows = await sql<{ partition_id: number; asset_optins: number[]; lsm: Array<{ contentId: number }> }>`
    SELECT partition_id, asset_optins, lsm FROM activity_partition_content
    WHERE organization_id = ${actor.organizationId} AND activity_id = ${activityId}
      AND (${own === undefined} OR partition_id = ANY (${own ?? []}::integer[]))
    ORDER BY partition_id`.execute(db);
  return rows.rows.map((row) => ({
    partitionId: row.partition_id,
    assetOptins: row.asset_optins,
    lsm: row.lsm,
  }));
}

/** The activity, locked, when the actor may change its content: visible, not archived. */
export async function editableActivity(
  trx: Transaction<Database>,
  actor: Actor,
  activityId: number,
): Promise<ActivityRecord> {
  const activity = await readVisibleActivity(trx, actor, activityId, { forUpdate: true });
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  if (activity.isArchived) throw new HeraldError('ItemNotEditableError');
  return activity;
}

/** A partition of the activity's, and of a restricted user's own. */
function checkActivityPartition(activity: ActivityRecord, actor: Actor, partitionId: number): void {
  const own = actor.partitionIds;
  if (!activity.partitionIds.includes(partitionId) || (own !== undefined && !own.includes(partitionId)))
    throw validation('partitionId', 'Not one of the activity’s partitions');
}

/**
 * Sets one partition's content of an activity. The opt-in assets must be the organization's (and visible to the
 * writer); the lsm blocks published blocks of the organization, each once. Empty content drops the entry.
 */
export async function setPartitionContent(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  content: PartitionContent,
): Promise<void> {
  checkActivityPartition(activity, actor, content.partitionId);
  const assetIds = [...new Set(content.assetOptins)];
  const blockIds = content.lsm.map((entry) => entry.contentId);
  if (new Set(blockIds).size !== blockIds.length)
    throw validation('lsm', 'A content block can be in the list once');
  if (assetIds.length > 0) {
    const found = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM asset
      WHERE organization_id = ${actor.organizationId} AND id = ANY (${assetIds}::integer[])
        AND (${actor.partitionIds === undefined} OR partition_ids && ${actor.partitionIds ?? []}::integer[])`.execute(
      trx,
    );
    if (found.rows[0]?.count !== assetIds.length) throw validation('assetOptins', 'Unknown asset');
  }
  if (blockIds.length > 0) {
    const found = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM content_block
      WHERE organization_id = ${actor.organizationId} AND id = ANY (${blockIds}::integer[]) AND is_published`.execute(
      trx,
    );
    if (found.rows[0]?.count !== blockIds.length)
      throw validation('lsm', 'Only published content blocks of the organization can be used');
  }
  await storePartitionContent(trx, actor, activity.id, content.partitionId, assetIds, content.lsm);
}

/** Takes one block out of a partition's lsm list; a partition left with nothing is dropped. */
export async function removePartitionContent(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  partitionId: number,
  contentId: number,
): Promise<void> {
  checkActivityPartition(activity, actor, partitionId);
  const current = (await readPartitionContent(trx, actor, activity.id)).find(
    (entry) => entry.partitionId === partitionId,
  );
  if (!current || !current.lsm.some((entry) => entry.contentId === contentId))
    throw validation('contentId', 'This content block is not in the partition’s content');
  const lsm = current.lsm.filter((entry) => entry.contentId !== contentId);
  await storePartitionContent(trx, actor, activity.id, partitionId, current.assetOptins, lsm);
}

async function storePartitionContent(
  trx: Transaction<Database>,
  actor: Actor,
  activityId: number,
  partitionId: number,
  assetOptins: readonly number[],
  lsm: ReadonlyArray<{ contentId: number }>,
): Promise<void> {
  if (assetOptins.length === 0 && lsm.length === 0) {
    await sql`DELETE FROM activity_partition_content WHERE organization_id = ${actor.organizationId}
      AND activity_id = ${activityId} AND partition_id = ${partitionId}`.execute(trx);
    return;
  }
  const list = JSON.stringify(lsm.map((entry) => ({ contentId: entry.contentId })));
  await sql`INSERT INTO activity_partition_content (organization_id, activity_id, partition_id, asset_optins, lsm)
    VALUES (${actor.organizationId}, ${activityId}, ${partitionId}, ${[...assetOptins]}::integer[], ${list}::jsonb)
    ON CONFLICT (organization_id, activity_id, partition_id)
    DO UPDATE SET asset_optins = excluded.asset_optins, lsm = excluded.lsm, updated_at = now()`.execute(trx);
}
