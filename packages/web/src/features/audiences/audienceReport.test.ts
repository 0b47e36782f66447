import { describe, expect, it } from 'vitest';
import { parseAudienceReportRange, sizePoints, writeAudienceReportRange } from './audienceReport.ts';

describe('audience report range', () => {
  it('reads the URL, defaults and swaps ends given in the wrong order', () => {
    expect(parseAudienceReportRange(new URLSearchParams(''), '2026-03-01')).toEqual({
      from: '2000-02-01',
      to: '2026-03-01',
    });
    expect(
      parseAudienceReportRange(new URLSearchParams('from=2026-02-10&to=2026-01-01'), '2026-03-01'),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-02-10',
    });
    expect(parseAudienceReportRange(new URLSearchParams('from=nope'), '2026-03-01').from).toBe('2000-02-01');
  });

  it('leaves defaults out of the URL and keeps other params', () => {
    const written = writeAudienceReportRange(
      { from: '2026-01-01', to: '2026-03-01' },
      '2026-03-01',
      new URLSearchParams('x=1&to=2025-01-01'),
    );
    expect(written.toString()).toBe('x=1&from=2026-01-01');
  });

  it('keeps the days within the range', () => {
    expect(
      sizePoints(
        [
          { day: '2026-01-01', size: 1 },
          { day: '2026-01-02T00:00:00Z', size: 2 },
          { day: '2026-01-03', size: 3 },
        ],
        { from: '2026-01-02', to: '2026-01-02' },
      ),
    ).toEqual([{ date: '2026-01-02', size: 2 }]);
  });
});
