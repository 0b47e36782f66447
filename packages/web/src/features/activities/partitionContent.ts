import type { PartitionContent } from '@herald/protocol';

/** One partition's content as its card edits it: the opted-in asset ids and the block ids in their order. */
export interface PartitionContentDraft {
  assetOptins: number[];
  blockIds: number[];
}

/** The draft of a partition from the stored content; a partition with no entry has none yet. */
export function draftOf(stored: PartitionContent | undefined): PartitionContentDraft {
  return {
    assetOptins: [...(stored?.assetOptins ?? [])],
    blockIds: (stored?.lsm ?? []).map((entry) => entry.contentId),
  };
}

/** Whether a draft says something other than what is stored (asset order does not matter, block order does). */
export function draftChanged(draft: PartitionContentDraft, stored: PartitionContent | undefined): boolean {
  const saved = draftOf(stored);
  const sameAssets =
    draft.assetOptins.length === saved.assetOptins.length &&
    draft.assetOptins.every((id) => saved.assetOptins.includes(id));
  const sameBlocks =
    draft.blockIds.length === saved.blockIds.length &&
    draft.blockIds.every((id, index) => saved.blockIds[index] === id);
  return !(sameAssets && sameBlocks);
}

/** The block at `index` moved one place up (-1) or down (+1); a move past either end changes nothing. */
export function moveBlock(blockIds: readonly number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (index < 0 || index >= blockIds.length || target < 0 || target >= blockIds.length) return [...blockIds];
  const moved = [...blockIds];
  [moved[index], moved[target]] = [moved[target] as number, moved[index] as number];
  return moved;
}

/** The block added at the end, unless the list has it already (the server takes each block once). */
export function addBlock(blockIds: readonly number[], blockId: number): number[] {
  return blockIds.includes(blockId) ? [...blockIds] : [...blockIds, blockId];
}

/**
 * The published blocks a partition may pick: those for every partition (none named) and those naming it, not in
 * its list yet.
 */
export function offeredBlocks<Block extends { id: number; partitionIds: readonly number[] }>(
  blocks: readonly Block[],
  partitionId: number,
  chosen: readonly number[],
): Block[] {
  return blocks.filter(
    (block) =>
      !chosen.includes(block.id) &&
      (block.partitionIds.length === 0 || block.partitionIds.includes(partitionId)),
  );
}

/** The partitions of an activity a user works on: the activity's, of those the user can see, in the user's order. */
export function visiblePartitions<Partition extends { id: number }>(
  activityPartitionIds: readonly number[],
  userPartitions: readonly Partition[],
): Partition[] {
  return userPartitions.filter((partition) => activityPartitionIds.includes(partition.id));
}
