import { describe, expect, it } from 'vitest';
import {
  audienceQueryFilter,
  audienceTargetWrite,
  isGenerating,
  newAudienceWrite,
  validateAudienceForm,
} from './audience.ts';

describe('audienceQueryFilter', () => {
  it('filters by status, archive flag and partition', () => {
    expect(audienceQueryFilter({ filter: 'all', archived: 'live', partition: null })).toEqual({
      isArchived: false,
    });
    expect(audienceQueryFilter({ filter: 'ready', archived: 'all', partition: 3 })).toEqual({
      status: 'ready',
      partitionIds: { overlaps: [3] },
    });
    expect(audienceQueryFilter({ filter: 'generating', archived: 'archived', partition: null })).toEqual({
      status: { in: ['in-queue', 'calculating', 'in-progress'] },
      isArchived: true,
    });
  });
});

describe('isGenerating', () => {
  it('is true while queued, calculating or in progress', () => {
    expect(isGenerating('in-queue')).toBe(true);
    expect(isGenerating('in-progress')).toBe(true);
    expect(isGenerating('ready')).toBe(false);
    expect(isGenerating('locked')).toBe(false);
    expect(isGenerating('error')).toBe(false);
  });
});

describe('audience form', () => {
  it('needs a name and a target', () => {
    expect(validateAudienceForm({ name: ' ', description: '', target: null })).toEqual({
      name: 'nameRequired',
      target: 'targetRequired',
    });
    expect(
      validateAudienceForm({ name: 'x'.repeat(201), description: '', target: { type: 'tag', tagId: 1 } }),
    ).toEqual({
      name: 'nameTooLong',
    });
  });

  it('writes the target as canonical text', () => {
    expect(
      newAudienceWrite({
        name: ' VIP ',
        description: 'd',
        target: { type: 'list', listId: 2, state: 'any' },
      }),
    ).toEqual({
      name: 'VIP',
      description: 'd',
      target: 'list 2 any',
    });
    expect(audienceTargetWrite({ id: 4, version: 2 }, { type: 'audience', audienceId: 1 })).toEqual({
      id: 4,
      version: 2,
      target: 'audience 1',
    });
  });
});
