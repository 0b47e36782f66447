import { describe, expect, it } from 'vitest';
import { chartDays, clippedRange, parseListReportView, writeListReportView } from './listReport.ts';

const day = (date: string, contactable: number) => ({
  date,
  subscribers: contactable + 1,
  contactable,
  unsubscribed: 1,
  invalid: 0,
});

describe('list report view', () => {
  it('defaults to contactable from 2000-02-01 to today', () => {
    expect(parseListReportView(new URLSearchParams(), '2026-11-22')).toEqual({
      measure: 'contactable',
      range: { from: '2000-02-01', to: '2026-11-22' },
    });
  });

  it('reads and writes the measure and range, leaving defaults out', () => {
    const view = parseListReportView(
      new URLSearchParams('measure=invalid&from=2026-01-01&to=bad'),
      '2026-11-22',
    );
    expect(view).toEqual({ measure: 'invalid', range: { from: '2026-01-01', to: '2026-11-22' } });
    expect(writeListReportView(view, '2026-11-22', new URLSearchParams('x=1')).toString()).toBe(
      'x=1&measure=invalid&from=2026-01-01',
    );
    expect(parseListReportView(new URLSearchParams('measure=nope'), '2026-11-22').measure).toBe(
      'contactable',
    );
  });

  it('clips the shown range to the first data and keeps the days inside', () => {
    const days = [day('2026-03-01', 1), day('2026-04-01', 2), day('2026-05-01', 3)];
    const range = { from: '2000-02-01', to: '2026-04-15' };
    expect(clippedRange(days, range)).toEqual({ from: '2026-03-01', to: '2026-04-15' });
    expect(chartDays(days, range).map((d) => d.date)).toEqual(['2026-03-01', '2026-04-01']);
    expect(clippedRange([], range)).toEqual(range);
  });
});
