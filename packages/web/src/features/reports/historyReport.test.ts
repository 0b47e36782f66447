import { describe, expect, it } from 'vitest';
import { chartDays, clippedRange, parseReportView, writeReportView } from './historyReport.ts';

const MEASURES = ['contactable', 'subscribers', 'unsubscribed', 'invalid'] as const;
const day = (date: string, contactable: number) => ({ date, contactable, subscribers: contactable + 1 });

describe('report view', () => {
  it('defaults to the first measure from 2000-02-01 to today', () => {
    expect(parseReportView(new URLSearchParams(), '2026-11-22', MEASURES)).toEqual({
      measure: 'contactable',
      range: { from: '2000-02-01', to: '2026-11-22' },
    });
  });

  it('reads and writes the measure and range, leaving defaults out', () => {
    const view = parseReportView(
      new URLSearchParams('measure=invalid&from=2026-01-01&to=bad'),
      '2026-11-22',
      MEASURES,
    );
    expect(view).toEqual({ measure: 'invalid', range: { from: '2026-01-01', to: '2026-11-22' } });
    expect(writeReportView(view, '2026-11-22', MEASURES, new URLSearchParams('x=1')).toString()).toBe(
      'x=1&measure=invalid&from=2026-01-01',
    );
    expect(parseReportView(new URLSearchParams('measure=nope'), '2026-11-22', MEASURES).measure).toBe(
      'contactable',
    );
  });

  it('swaps ends given in the wrong order, and leaves a report of one measure without one in the URL', () => {
    const view = parseReportView(new URLSearchParams('from=2026-02-10&to=2026-01-01'), '2026-03-01', [
      'size',
    ]);
    expect(view).toEqual({ measure: 'size', range: { from: '2026-01-01', to: '2026-02-10' } });
    expect(
      writeReportView(view, '2026-03-01', ['size'], new URLSearchParams('to=2025-01-01')).toString(),
    ).toBe('from=2026-01-01&to=2026-02-10');
  });

  it('clips the shown range to the first data and keeps the days inside, by calendar date', () => {
    const days = [day('2026-03-01', 1), day('2026-04-01T00:00:00Z', 2), day('2026-05-01', 3)];
    const range = { from: '2000-02-01', to: '2026-04-15' };
    expect(clippedRange(days, range)).toEqual({ from: '2026-03-01', to: '2026-04-15' });
    expect(chartDays(days, range).map((d) => d.date)).toEqual(['2026-03-01', '2026-04-01']);
    expect(clippedRange([], range)).toEqual(range);
  });
});
