import { describe, expect, it } from 'vitest';
import {
  addBlock,
  draftChanged,
  draftOf,
  moveBlock,
  offeredBlocks,
  visiblePartitions,
} from './partitionContent.ts';

describe('partition content drafts', () => {
  const stored = { partitionId: 4, assetOptins: [7, 8], lsm: [{ contentId: 1 }, { contentId: 2 }] };

  it('reads a draft from the stored content, or an empty one', () => {
    expect(draftOf(stored)).toEqual({ assetOptins: [7, 8], blockIds: [1, 2] });
    expect(draftOf(undefined)).toEqual({ assetOptins: [], blockIds: [] });
  });

  it('counts a new block order as a change, a new asset order not', () => {
    expect(draftChanged({ assetOptins: [8, 7], blockIds: [1, 2] }, stored)).toBe(false);
    expect(draftChanged({ assetOptins: [7, 8], blockIds: [2, 1] }, stored)).toBe(true);
    expect(draftChanged({ assetOptins: [7], blockIds: [1, 2] }, stored)).toBe(true);
    expect(draftChanged({ assetOptins: [], blockIds: [] }, undefined)).toBe(false);
  });

  it('moves a block one place and never past either end', () => {
    expect(moveBlock([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveBlock([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveBlock([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveBlock([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('adds a block once', () => {
    expect(addBlock([1], 2)).toEqual([1, 2]);
    expect(addBlock([1, 2], 2)).toEqual([1, 2]);
  });

  it('offers the blocks for every partition and for this one, not those chosen', () => {
    const blocks = [
      { id: 1, partitionIds: [] },
      { id: 2, partitionIds: [4] },
      { id: 3, partitionIds: [5] },
      { id: 4, partitionIds: [] },
    ];
    expect(offeredBlocks(blocks, 4, [4]).map((block) => block.id)).toEqual([1, 2]);
  });

  it('keeps the activity’s partitions the user can see', () => {
    const mine = [
      { id: 5, name: 'North' },
      { id: 4, name: 'South' },
    ];
    expect(visiblePartitions([4, 9], mine)).toEqual([{ id: 4, name: 'South' }]);
  });
});
