import { describe, expect, it } from 'vitest';
import { closedDropdown, dropdownResults, searchKeyDown, searchTerm } from './searchDropdown.ts';

describe('search dropdown keyboard model', () => {
  it('shows at most 10 results', () => {
    expect(dropdownResults(Array.from({ length: 25 }, (_, index) => index))).toHaveLength(10);
  });

  it('moves down through the results and "See all", wrapping round', () => {
    let state = closedDropdown;
    const seen: number[] = [];
    for (let press = 0; press < 5; press += 1) {
      state = searchKeyDown(state, 'ArrowDown', 3).state;
      seen.push(state.active);
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
  });

  it('moves up from the top to "See all"', () => {
    expect(searchKeyDown(closedDropdown, 'ArrowUp', 3).state).toEqual({ open: true, active: 3 });
    expect(searchKeyDown({ open: true, active: 2 }, 'ArrowUp', 3).state.active).toBe(1);
  });

  it('opens the highlighted result with Enter, or the search page', () => {
    expect(searchKeyDown({ open: true, active: 1 }, 'Enter', 3)).toEqual({
      state: closedDropdown,
      action: { kind: 'choose', index: 1 },
    });
    expect(searchKeyDown({ open: true, active: 3 }, 'Enter', 3).action).toEqual({ kind: 'seeAll' });
    expect(searchKeyDown({ open: true, active: -1 }, 'Enter', 3).action).toEqual({ kind: 'seeAll' });
    expect(searchKeyDown({ open: true, active: 10 }, 'Enter', 40).action).toEqual({ kind: 'seeAll' });
  });

  it('closes with Escape and ignores other keys', () => {
    expect(searchKeyDown({ open: true, active: 2 }, 'Escape', 3)).toEqual({
      state: closedDropdown,
      action: { kind: 'close' },
    });
    expect(searchKeyDown({ open: true, active: 2 }, 'a', 3).state).toEqual({ open: true, active: 2 });
  });

  it('sends trimmed words and nothing for blank input', () => {
    expect(searchTerm('  spring sale ')).toBe('spring sale');
    expect(searchTerm('   ')).toBeNull();
  });
});
