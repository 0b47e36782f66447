import { sql } from 'kysely';
import { registerResource, type ResourceDeclaration } from '../query/resources.ts';

/**
 * Partitions (head office and franchise stores) as a read-only query type: the list screens' partition
 * selector reads it. A partition-restricted user sees only the partitions of their own partition sets.
 */
export const partitionResource: ResourceDeclaration = {
  type: 'partition',
  table: 'partition',
  select: sql`id, name, external_ref, partition_set_id, partition_ids`,
  toRecord: (row) => ({
    id: row.id,
    name: row.name,
    externalRef: row.external_ref ?? null,
    partitionSetId: row.partition_set_id ?? null,
  }),
  readCapabilities: ['base', 'franchisee'],
  writeCapabilities: [],
  filters: {
    id: { column: 'id', kind: 'integer', operators: ['eq', 'in'] },
    partitionSetId: { column: 'partition_set_id', kind: 'integer', operators: ['eq', 'in'] },
    name: { column: 'name', kind: 'text', operators: ['eq', 'contains'] },
  },
  sortable: { name: 'name' },
  search: ['name', 'external_ref'],
  partitionColumn: 'partition_ids',
};

registerResource(partitionResource);
