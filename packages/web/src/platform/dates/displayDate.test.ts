import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './parseTypedDate.ts';
import { dayjsLocaleOf } from './datesLocale.ts';
import { displayDate, displayDateTime } from './displayDate.ts';

describe('the one display format', () => {
  it('writes a calendar date as the language medium date, the same day in every time zone', () => {
    expect(displayDate('2026-11-24', 'en')).toBe('Nov 24, 2026');
    expect(displayDate('2026-11-24', 'ja')).toBe('2026/11/24');
    expect(displayDate('2026-11-24', 'zh-Hans')).toBe('2026年11月24日');
    expect(displayDate('', 'en')).toBe('');
    expect(displayDate('not a date', 'en')).toBe('not a date');
  });

  it('writes a moment with a 24-hour time', () => {
    const afternoon = new Date(2026, 10, 24, 15, 5).toISOString();
    expect(displayDateTime(afternoon, 'en')).toBe('Nov 24, 2026, 15:05');
    expect(displayDateTime(afternoon, 'en')).not.toMatch(/PM/);
  });
});

describe('date pickers', () => {
  it('read what a person types: ISO first, impossible dates refused', () => {
    expect(parseTypedDate(' 2026-02-28 ')).toBe('2026-02-28');
    expect(parseTypedDate('2026-02-30')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
    expect(parseTypedDate('Nov 24, 2026')).toBe('2026-11-24');
  });

  it('use the dayjs locale of each interface language', () => {
    expect(['en', 'id', 'ja', 'zh-Hans', 'zh-Hant', 'fr'].map(dayjsLocaleOf)).toEqual([
      'en',
      'id',
      'ja',
      'zh-cn',
      'zh-tw',
      'en',
    ]);
  });
});
