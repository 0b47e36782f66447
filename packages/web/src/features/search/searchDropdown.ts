import { SEARCH_DROPDOWN_LIMIT } from '@herald/protocol';

/**
 * The header search dropdown as a keyboard model: its options are the results (at most 10, platform §9)
 * followed by "See all results". `active` is the highlighted option, -1 for none.
 */
export interface SearchDropdownState {
  open: boolean;
  active: number;
}

export type SearchDropdownAction =
  { kind: 'none' } | { kind: 'choose'; index: number } | { kind: 'seeAll' } | { kind: 'close' };

export const closedDropdown: SearchDropdownState = { open: false, active: -1 };

/** How many results the dropdown shows. */
export function dropdownResults<T>(records: readonly T[]): T[] {
  return records.slice(0, SEARCH_DROPDOWN_LIMIT);
}

/**
 * The next state and what to do for a key pressed in the search box, with `resultCount` results shown. The
 * arrows move through results and "See all" (wrapping round), Enter opens the highlighted option (or the
 * search page when none is), Escape closes the dropdown.
 */
export function searchKeyDown(
  state: SearchDropdownState,
  key: string,
  resultCount: number,
): { state: SearchDropdownState; action: SearchDropdownAction } {
  const optionCount = Math.min(resultCount, SEARCH_DROPDOWN_LIMIT) + 1;
  switch (key) {
    case 'ArrowDown':
      return {
        state: { open: true, active: state.open ? (state.active + 1) % optionCount : 0 },
        action: { kind: 'none' },
      };
    case 'ArrowUp':
      return {
        state: {
          open: true,
          active: state.open && state.active > 0 ? state.active - 1 : optionCount - 1,
        },
        action: { kind: 'none' },
      };
    case 'Enter': {
      const seeAll = !state.open || state.active < 0 || state.active >= optionCount - 1;
      return {
        state: closedDropdown,
        action: seeAll ? { kind: 'seeAll' } : { kind: 'choose', index: state.active },
      };
    }
    case 'Escape':
      return { state: closedDropdown, action: { kind: 'close' } };
    default:
      return { state, action: { kind: 'none' } };
  }
}

/** The search words as sent: trimmed, and nothing for blank input. */
export function searchTerm(input: string): string | null {
  const term = input.trim();
  return term === '' ? null : term;
}
