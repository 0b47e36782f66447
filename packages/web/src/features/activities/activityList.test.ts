import { describe, expect, it } from 'vitest';
import { activityViewFilter, readActivityView } from './activityList.ts';

describe('activity views', () => {
  it('reads the view from the query string, all by default', () => {
    expect(readActivityView(null)).toBe('all');
    expect(readActivityView('modified')).toBe('modified');
    expect(readActivityView('bogus')).toBe('all');
  });

  it('filters a campaign’s activities by view, leaving archived ones out of all', () => {
    expect(activityViewFilter('all', { campaignId: 3 })).toEqual({ campaignId: 3, isArchived: false });
    expect(activityViewFilter('archived', { campaignId: 3 })).toEqual({ campaignId: 3, view: 'archived' });
    expect(activityViewFilter('recent', { partitionId: 8 })).toEqual({
      partitionIds: { overlaps: [8] },
      view: 'recent',
    });
  });
});
