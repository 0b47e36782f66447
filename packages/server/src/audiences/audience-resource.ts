import {
  HeraldError,
  audienceWriteSchema,
  printTarget,
  type AudienceRecord,
  type AudienceWrite,
  type TargetNode,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { checkNew, checkVersion, writeEach } from '../query/write-helpers.ts';
import { checkTarget } from '../targets/target-input.ts';
import {
  AUDIENCE_SELECT,
  audienceRecord,
  readVisibleAudience,
  restrictedAudienceSelect,
} from './audience-record.ts';
import { queueAudienceGeneration } from './generate-audience.ts';

/**
 * Audiences (functional §3): a named target expression whose matching subscribers a job writes down (the
 * generation, generate-audience.ts). Read by head office and franchisees, written by database managers. A
 * partition-restricted user sees the audiences sharing one of their partitions, each with the size of its
 * members within those partitions.
 */
export const audienceResource = implementResource({
  definition: resourceDefinitions.audience,
  table: 'audience',
  select: AUDIENCE_SELECT,
  toRecord: audienceRecord,
  filters: {
    id: { column: 'audience.id' },
    name: { column: 'audience.name' },
    isArchived: { column: 'audience.is_archived' },
    status: { column: 'audience.status' },
    partitionIds: { column: 'audience.partition_ids' },
  },
  sortable: {
    name: 'name',
    size: 'size',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    generatedAt: 'generated_at',
  },
  search: ['audience.name'],
  partitionColumn: 'audience.partition_ids',
  restrictedSelect: (actor) => restrictedAudienceSelect(actor.partitionIds ?? []),
  write: writeEach(audienceWriteSchema, writeAudience),
});

/** Whether a target names this audience: its generation would read the members it is replacing. */
function namesAudience(node: TargetNode, audienceId: number): boolean {
  switch (node.type) {
    case 'and':
    case 'or':
      return node.items.some((item) => namesAudience(item, audienceId));
    case 'not':
      return namesAudience(node.item, audienceId);
    case 'audience':
      return node.audienceId === audienceId;
    default:
      return false;
  }
}

/** The audience as written, as the writer sees it (a restricted user: the size within their partitions). */
async function writtenAudience(
  trx: Transaction<Database>,
  actor: Actor,
  audienceId: number,
): Promise<AudienceRecord> {
  const record = await readVisibleAudience(trx, actor, audienceId);
  if (!record) throw new HeraldError('NotFoundError');
  return record;
}

/**
 * Creates or updates one audience. A new audience and a changed target queue a generation in this
 * transaction, so the job exists exactly when the change does; renaming, describing, moving between
 * partitions or archiving leave the members as they are.
 */
async function writeAudience(
  trx: Transaction<Database>,
  actor: Actor,
  input: AudienceWrite,
  path: string,
): Promise<AudienceRecord> {
  if (input.partitionIds !== undefined)
    await checkPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
  if (actor.partitionIds !== undefined && input.partitionIds !== undefined && input.partitionIds.length === 0)
    throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.name === undefined) throw validation(`${path}.name`, 'An audience needs a name');
    if (input.target === undefined) throw validation(`${path}.target`, 'An audience needs a target');
    const { tree } = await checkTarget(trx, actor, input.target, `${path}.target`);
    const partitionIds = input.partitionIds ?? [];
    if (actor.partitionIds !== undefined && partitionIds.length === 0)
      throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
    const inserted = await sql<{ id: number }>`
      INSERT INTO audience (organization_id, name, description, target, partition_ids, is_archived)
      VALUES (${actor.organizationId}, ${input.name}, ${input.description ?? ''}, ${JSON.stringify(tree)}::jsonb,
        ${partitionIds}::integer[], ${input.isArchived ?? false})
      RETURNING id`.execute(trx);
    const id = Number(inserted.rows[0]?.id);
    await queueAudienceGeneration(trx, actor.organizationId, id, actor.userId);
    return writtenAudience(trx, actor, id);
  }
  const stored = await readVisibleAudience(trx, actor, input.id, { forUpdate: true });
  if (!stored) throw new HeraldError('NotFoundError');
  checkVersion(input, stored, path);
  let target = stored.target;
  let targetChanged = false;
  if (input.target !== undefined) {
    const { tree } = await checkTarget(trx, actor, input.target, `${path}.target`);
    // Compared as canonical text: jsonb gives the stored tree back with its keys in another order.
    targetChanged = printTarget(tree) !== printTarget(stored.target);
    if (targetChanged && stored.status === 'locked')
      throw validation(`${path}.target`, 'The audience is locked');
    if (namesAudience(tree, stored.id)) throw validation(`${path}.target`, 'An audience cannot name itself');
    target = tree;
  }
  await sql`UPDATE audience SET name = ${input.name ?? stored.name},
      description = ${input.description ?? stored.description},
      target = ${JSON.stringify(target)}::jsonb,
      partition_ids = ${input.partitionIds ?? stored.partitionIds}::integer[],
      is_archived = ${input.isArchived ?? stored.isArchived},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}`.execute(trx);
  if (targetChanged) await queueAudienceGeneration(trx, actor.organizationId, stored.id, actor.userId);
  return writtenAudience(trx, actor, stored.id);
}
