import { describe, expect, it } from 'vitest';
import { refusalOf, themeRefusal, themesListAddress } from './themeGuard.ts';

const load = (overrides: Partial<Parameters<typeof themeRefusal>[0]> = {}) => ({
  id: '4',
  isPending: false,
  failed: false,
  theme: { isLocked: false },
  ...overrides,
});

describe('guard 9', () => {
  it('opens a new theme and an unlocked one', () => {
    expect(themeRefusal(load({ id: 'new', theme: undefined }))).toBeNull();
    expect(themeRefusal(load())).toBeNull();
  });

  it('waits while the theme loads', () => {
    expect(themeRefusal(load({ isPending: true, theme: undefined }))).toBeNull();
  });

  it('sends a locked theme back with themeLocked', () => {
    expect(themeRefusal(load({ theme: { isLocked: true } }))).toBe('themeLocked');
  });

  it('sends a theme that fails to load back with failedToLoad', () => {
    expect(themeRefusal(load({ theme: undefined }))).toBe('failedToLoad');
    expect(themeRefusal(load({ failed: true, theme: undefined }))).toBe('failedToLoad');
    expect(themeRefusal(load({ id: 'abc', isPending: true }))).toBe('failedToLoad');
  });

  it('says why in the list’s address, and reads it back', () => {
    expect(themesListAddress(3, 'themeLocked')).toBe('/3/settings/themes?themeLocked=1');
    expect(refusalOf(new URLSearchParams('themeLocked=1'))).toBe('themeLocked');
    expect(refusalOf(new URLSearchParams('failedToLoad=1'))).toBe('failedToLoad');
    expect(refusalOf(new URLSearchParams(''))).toBeNull();
  });
});
