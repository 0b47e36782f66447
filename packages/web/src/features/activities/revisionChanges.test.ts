import { describe, expect, it } from 'vitest';
import { changeValueText, comparisonPair, diffSign, toggleSelection } from './revisionChanges.ts';

describe('revision changes', () => {
  it('shows text as written and anything else as JSON', () => {
    expect(changeValueText(undefined)).toBeNull();
    expect(changeValueText('Hello {{ subscriber.firstname }}')).toBe('Hello {{ subscriber.firstname }}');
    expect(changeValueText(['300x250'])).toBe('[\n  "300x250"\n]');
    expect(changeValueText(null)).toBe('null');
    expect(changeValueText(3)).toBe('3');
  });

  it('compares the older ticked revision with the newer', () => {
    expect(comparisonPair([])).toBeNull();
    expect(comparisonPair([9])).toBeNull();
    expect(comparisonPair([9, 4])).toEqual({ fromRevisionId: 4, toRevisionId: 9 });
    expect(comparisonPair([4, 9])).toEqual({ fromRevisionId: 4, toRevisionId: 9 });
  });

  it('keeps two ticks at most, letting go of the oldest', () => {
    expect(toggleSelection([], 3)).toEqual([3]);
    expect(toggleSelection([3], 5)).toEqual([3, 5]);
    expect(toggleSelection([3, 5], 7)).toEqual([5, 7]);
    expect(toggleSelection([3, 5], 3)).toEqual([5]);
  });

  it('marks removed and added lines with a sign as well as a colour', () => {
    expect([diffSign('removed'), diffSign('added'), diffSign('same')]).toEqual(['−', '+', ' ']);
  });
});
