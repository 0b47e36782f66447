import {
  HeraldError,
  partitionSetWriteSchema,
  resourceDefinitions,
  type ResourceRecord,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { parseWrite } from '../query/write-helpers.ts';

type PartitionSetRecord = ResourceRecord<'partitionSet'>;

/** Partition sets (the partitions a franchisee user is limited to); administrators write them. */
export const partitionSetResource = implementResource({
  definition: resourceDefinitions.partitionSet,
  table: 'partition_set',
  select: sql<PartitionSetRecord>`partition_set.id, partition_set.name`,
  toRecord: (row) => ({ id: row.id, name: row.name }),
  filters: { id: { column: 'partition_set.id' } },
  sortable: { name: 'name' },
  search: ['partition_set.name'],
  // A restricted user sees the sets their partitions belong to.
  restrictedCondition: (
    actor,
  ) => sql`EXISTS (SELECT 1 FROM partition p WHERE p.partition_set_id = partition_set.id
    AND p.id = ANY(${actor.partitionIds ?? []}::integer[]))`,
  write: async (trx: Transaction<Database>, actor: Actor, data: readonly unknown[]) => {
    const written: PartitionSetRecord[] = [];
    for (const [index, item] of data.entries()) {
      const input = parseWrite(partitionSetWriteSchema, item, index);
      const row = (
        input.id === undefined
          ? await sql<PartitionSetRecord>`INSERT INTO partition_set (organization_id, name)
              VALUES (${actor.organizationId}, ${input.name}) ON CONFLICT DO NOTHING RETURNING id, name`.execute(
              trx,
            )
          : await sql<PartitionSetRecord>`UPDATE partition_set SET name = ${input.name}
              WHERE id = ${input.id} AND organization_id = ${actor.organizationId} RETURNING id, name`.execute(
              trx,
            )
      ).rows[0];
      if (!row && input.id !== undefined) throw new HeraldError('NotFoundError');
      if (!row) throw validation(`data.${index}.name`, 'A partition set with this name already exists');
      written.push({ id: row.id, name: row.name });
    }
    return written;
  },
});
