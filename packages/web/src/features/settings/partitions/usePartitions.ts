import type { ResourceRecord } from '@herald/protocol';
import { useRecords } from '../../../platform/list/useRecords.ts';

export type Partition = ResourceRecord<'partition'>;
export type PartitionSet = ResourceRecord<'partitionSet'>;

/** Enough partition sets for one picker. */
const PARTITION_SET_LIMIT = 500;

/** Partition sets are read in name order. */
const SET_ORDER = 'name';

/** The organization's partition sets in name order. */
export function usePartitionSets() {
  return useRecords('partitionSet', {
    limit: PARTITION_SET_LIMIT,
    offset: 0,
    sortKey: SET_ORDER,
    sortOrder: 'asc',
  });
}
