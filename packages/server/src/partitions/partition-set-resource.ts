import { HeraldError, partitionSetWriteSchema, resourceDefinitions } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { parseWrite } from '../query/write-helpers.ts';

/** Partition sets (the partitions a franchisee user is limited to); administrators write them. */
export const partitionSetResource = implementResource({
  definition: resourceDefinitions.partitionSet,
  table: 'partition_set',
  select: sql`partition_set.id, partition_set.name`,
  toRecord: (row) => ({ id: Number(row.id), name: String(row.name) }),
  filters: { id: { column: 'partition_set.id' } },
  sortable: { name: 'name' },
  search: ['partition_set.name'],
  // A restricted user sees the sets their partitions belong to.
  restrictedCondition: (
    actor,
  ) => sql`EXISTS (SELECT 1 FROM partition p WHERE p.partition_set_id = partition_set.id
    AND p.id = ANY(${actor.partitionIds ?? []}::integer[]))`,
  write: async (trx: Transaction<Database>, actor: Actor, data: readonly unknown[]) => {
    const written: Array<Record<string, unknown>> = [];
    for (const [index, item] of data.entries()) {
      const input = parseWrite(partitionSetWriteSchema, item, index);
      const row = (
        input.id === undefined
          ? await sql<Record<string, unknown>>`INSERT INTO partition_set (organization_id, name)
              VALUES (${actor.organizationId}, ${input.name}) ON CONFLICT DO NOTHING RETURNING id, name`.execute(
              trx,
            )
          : await sql<Record<string, unknown>>`UPDATE partition_set SET name = ${input.name}
              WHERE id = ${input.id} AND organization_id = ${actor.organizationId} RETURNING id, name`.execute(
              trx,
            )
      ).rows[0];
      if (!row && input.id !== undefined) throw new HeraldError('NotFoundError');
      if (!row) throw validation(`data.${index}.name`, 'A partition set with this name already exists');
      written.push({ id: Number(row.id), name: String(row.name) });
    }
    return written;
  },
});
