import {
  HeraldError,
  partitionWriteSchema,
  type PartitionWrite,
  type ResourceRecord,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, PartitionTable } from '../database/schema.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { returnedRow, writeEach } from '../query/write-helpers.ts';

type PartitionRecord = ResourceRecord<'partition'>;
type PartitionRow = Pick<
  Selectable<PartitionTable>,
  'id' | 'name' | 'external_ref' | 'partition_set_id' | 'custom_fields' | 'partition_ids'
>;

const SELECT = sql<PartitionRow>`partition.id, partition.name, partition.external_ref, partition.partition_set_id,
  partition.custom_fields, partition.partition_ids`;

function partitionRecord(row: PartitionRow): PartitionRecord {
  return {
    id: row.id,
    name: row.name,
    externalRef: row.external_ref,
    partitionSetId: row.partition_set_id,
    customFields: row.custom_fields,
  };
}

/**
 * Partitions (head office and franchise stores): the list screens' partition selector reads them, and
 * administrators keep them in settings (functional §6: partitions need admin). A partition-restricted user
 * sees only the partitions of their own partition sets.
 */
export const partitionResource = implementResource({
  definition: resourceDefinitions.partition,
  table: 'partition',
  select: SELECT,
  toRecord: partitionRecord,
  filters: {
    id: { column: 'partition.id' },
    partitionSetId: { column: 'partition.partition_set_id' },
    name: { column: 'partition.name' },
    externalRef: { column: 'partition.external_ref' },
  },
  sortable: { name: 'name' },
  search: ['partition.name', 'partition.external_ref'],
  partitionColumn: 'partition.partition_ids',
  write: writeEach(partitionWriteSchema, writePartition),
});

async function writePartition(
  trx: Transaction<Database>,
  actor: Actor,
  input: PartitionWrite,
  path: string,
): Promise<PartitionRecord> {
  if (input.partitionSetId !== undefined && input.partitionSetId !== null) {
    const set = await trx
      .selectFrom('partition_set')
      .select('id')
      .where('id', '=', input.partitionSetId)
      .where('organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!set) throw validation(`${path}.partitionSetId`, 'Unknown partition set');
  }
  if (input.id === undefined) {
    if (input.name === undefined) throw validation(`${path}.name`, 'A partition needs a name');
    const inserted = await sql<PartitionRow>`
        INSERT INTO partition (organization_id, name, external_ref, partition_set_id, custom_fields)
        VALUES (${actor.organizationId}, ${input.name}, ${input.externalRef ?? null}, ${input.partitionSetId ?? null},
          ${JSON.stringify(input.customFields ?? {})}::jsonb)
        RETURNING ${SELECT}`.execute(trx);
    return partitionRecord(returnedRow(inserted));
  }
  const row = (
    await sql<PartitionRow>`
      UPDATE partition SET name = coalesce(${input.name ?? null}, name),
        external_ref = CASE WHEN ${input.externalRef !== undefined} THEN ${input.externalRef ?? null} ELSE external_ref END,
        partition_set_id = CASE WHEN ${input.partitionSetId !== undefined} THEN ${input.partitionSetId ?? null}::integer
          ELSE partition_set_id END,
        custom_fields = coalesce(${input.customFields === undefined ? null : JSON.stringify(input.customFields)}::jsonb,
          custom_fields)
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId}
      RETURNING ${SELECT}`.execute(trx)
  ).rows[0];
  if (!row) throw new HeraldError('NotFoundError');
  return partitionRecord(row);
}
