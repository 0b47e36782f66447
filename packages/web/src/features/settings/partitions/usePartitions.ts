import type { PartitionRecord } from '@herald/protocol';
import type { StoredRecord } from '../../../platform/list/recordCommands.ts';
import { useRecords } from '../../../platform/list/useRecords.ts';

export type Partition = PartitionRecord & StoredRecord;
export type PartitionSet = { id: number; name: string } & StoredRecord;

/** Enough partition sets for one picker. */
const PARTITION_SET_LIMIT = 500;

/** Partition sets are read in name order. */
const SET_ORDER = 'name';

/** The organization's partition sets in name order. */
export function usePartitionSets() {
  return useRecords<PartitionSet>('partitionSet', {
    limit: PARTITION_SET_LIMIT,
    offset: 0,
    sortKey: SET_ORDER,
    sortOrder: 'asc',
  });
}
