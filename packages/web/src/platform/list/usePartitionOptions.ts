import type { ListOption } from './ListControls.tsx';

/**
 * The organization's partitions for the partition selector of list screens (shown only for partitioned
 * organizations). No command of the contract lists partitions yet (the Partitions settings area adds one),
 * so this seam answers none and the selector stays hidden; `campaigns/partition/{id}` and the `partition`
 * URL param already filter by partition.
 */
export function usePartitionOptions(): ListOption[] {
  return [];
}
