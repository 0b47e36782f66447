import { customFieldLabel } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { named } from './useTargetOptions.ts';

describe('the builder pickers', () => {
  it('name lists by their name alone, telling apart only two of the same name', () => {
    expect(
      named([
        { id: 1, name: 'Pizza Club' },
        { id: 2, name: 'Newsletter' },
        { id: 3, name: 'Newsletter' },
        { id: 4, name: 'Old', isArchived: true },
      ]),
    ).toEqual([
      { value: '1', label: 'Pizza Club' },
      { value: '2', label: 'Newsletter (2)' },
      { value: '3', label: 'Newsletter (3)' },
    ]);
  });

  it('name a custom field in words', () => {
    expect(customFieldLabel('birthday_club')).toBe('Birthday club');
    expect(customFieldLabel('loyalty_tier')).toBe('Loyalty tier');
    expect(customFieldLabel('points')).toBe('Points');
  });
});
