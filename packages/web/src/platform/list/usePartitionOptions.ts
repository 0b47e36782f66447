import { useQuery } from '@tanstack/react-query';
import type { ListOption } from './ListControls.tsx';
import { recordsKey, useRecordChannel } from './useRecords.ts';

/** As many partitions as a selector can sensibly offer; an organization with more searches instead. */
const PARTITION_OPTION_LIMIT = 500;
/** Partitions are offered in name order. */
const PARTITION_ORDER = { field: 'name', order: 'asc' } as const;

/**
 * The organization's partitions (the `partition` query type; a partition-restricted user gets only their own),
 * in name order. Partitions change rarely and are not a subscription type, so they are read once.
 */
export function usePartitions() {
  const { channel, organizationId } = useRecordChannel();
  const params = {
    organizationId,
    query: { type: 'partition' },
    limit: PARTITION_OPTION_LIMIT,
    offset: 0,
    sortKey: PARTITION_ORDER.field,
    sortOrder: PARTITION_ORDER.order,
  };
  return useQuery({
    queryKey: recordsKey(channel, 'partition', params),
    queryFn: () => channel.request('query', params),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The organization's partitions for the partition selector of list screens. An organization without
 * partitions gets none, so the selector stays hidden.
 */
export function usePartitionOptions(): ListOption[] {
  const partitions = usePartitions();
  return (partitions.data?.records ?? []).map((partition) => ({
    value: String(partition.id),
    label: String(partition.name ?? partition.id),
  }));
}
