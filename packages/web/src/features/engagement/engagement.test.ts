import type { EngagementFigures } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  activityRates,
  engagementPeriods,
  engagementRate,
  figureRate,
  hasEngagement,
  reportEngagementRange,
} from './engagement.ts';
import { csvSections, engagementFigureRows, seriesRows, topActivityRows } from './engagementCsv.ts';

const FIGURES: EngagementFigures = {
  sent: 8,
  opens: 6,
  uniqueOpens: 4,
  clicks: 3,
  uniqueClicks: 2,
  unsubscribes: 1,
  bounced: 0,
  machineOpens: 2,
};

describe('engagement rates', () => {
  it('rates unique opens and clicks, unsubscribes and bounces of the sends, and nothing of no sends', () => {
    expect(figureRate(FIGURES, 'opens')).toBe(50);
    expect(figureRate(FIGURES, 'clicks')).toBe(25);
    expect(figureRate(FIGURES, 'unsubscribes')).toBe(12.5);
    expect(figureRate(FIGURES, 'bounced')).toBe(0);
    expect(engagementRate(3, 0)).toBeNull();
    expect(
      activityRates({
        activityId: 1,
        campaignId: 1,
        name: 'Spring',
        type: 'email',
        sent: 4,
        uniqueOpens: 1,
        uniqueClicks: 0,
      }),
    ).toEqual({ open: 25, click: 0 });
    expect(hasEngagement(FIGURES)).toBe(true);
    expect(
      hasEngagement({ ...FIGURES, ...Object.fromEntries(Object.keys(FIGURES).map((key) => [key, 0])) }),
    ).toBe(false);
  });
});

describe('engagementPeriods', () => {
  const day = (date: string, sent: number, opens = 0) => ({ date, sent, opens, clicks: 0, unsubscribes: 0 });

  it('has a bar a day over a short range, none left out', () => {
    const { unit, periods } = engagementPeriods([day('2026-03-02', 5, 2), day('2026-04-01', 9)], {
      from: '2026-03-01',
      to: '2026-03-04',
    });
    expect(unit).toBe('day');
    expect(periods.map((period) => [period.period, period.sent, period.opens])).toEqual([
      ['2026-03-01', 0, 0],
      ['2026-03-02', 5, 2],
      ['2026-03-03', 0, 0],
      ['2026-03-04', 0, 0],
    ]);
  });

  it('starts at the first day with figures, then takes months or years by the length left', () => {
    const months = engagementPeriods([day('2025-11-20', 1), day('2026-01-03', 2), day('2026-01-30', 3)], {
      from: '2000-02-01',
      to: '2026-03-31',
    });
    expect(months.unit).toBe('month');
    expect(months.periods.map((period) => [period.period, period.sent])).toEqual([
      ['2025-11', 1],
      ['2025-12', 0],
      ['2026-01', 5],
      ['2026-02', 0],
      ['2026-03', 0],
    ]);
    const years = engagementPeriods([day('2020-06-01', 1), day('2026-01-03', 2)], {
      from: '2000-02-01',
      to: '2026-03-31',
    });
    expect(years.unit).toBe('year');
    expect(years.periods.map((period) => period.period)).toEqual([
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
    ]);
    expect(engagementPeriods([], { from: '2026-03-01', to: '2026-03-02' }).periods).toHaveLength(2);
  });
});

describe('engagement CSV rows', () => {
  it('lists the figures with their rates, the top activities and the series, sections apart', () => {
    const figures = engagementFigureRows(
      FIGURES,
      { figure: 'Figure', value: 'Value', rate: 'Rate' },
      (key) => key,
    );
    expect(figures[0]).toEqual(['Figure', 'Value', 'Rate']);
    expect(figures).toContainEqual(['uniqueOpens', 4, '50.0%']);
    expect(figures).toContainEqual(['opens', 6, '']);
    expect(figures).toContainEqual(['unsubscribes', 1, '12.5%']);
    const top = topActivityRows(
      [
        {
          activityId: 1,
          campaignId: 1,
          name: '=Spring',
          type: 'sms',
          sent: 3,
          uniqueOpens: 0,
          uniqueClicks: 1,
        },
      ],
      {
        activity: 'Activity',
        channel: 'Channel',
        sent: 'Sent',
        uniqueOpens: 'Unique opens',
        openRate: 'Open rate',
        uniqueClicks: 'Unique clicks',
        clickRate: 'Click rate',
      },
      (channel) => channel.toUpperCase(),
    );
    expect(top[1]).toEqual(['=Spring', 'SMS', 3, 0, '0.00%', 1, '33.3%']);
    expect(topActivityRows([], {} as never, String)).toEqual([]);
    const series = seriesRows([{ date: '2026-03-01', sent: 1, opens: 2, clicks: 3, unsubscribes: 4 }], {
      date: 'Date',
      sent: 'Sent',
      opens: 'Opens',
      clicks: 'Clicks',
      unsubscribes: 'Unsubscribes',
    });
    expect(csvSections([['A']], [], series)).toEqual([
      ['A'],
      [],
      ['Date', 'Sent', 'Opens', 'Clicks', 'Unsubscribes'],
      ['2026-03-01', 1, 2, 3, 4],
    ]);
  });
});

describe('reportEngagementRange', () => {
  it('names the report’s range, and none for its default one', () => {
    expect(reportEngagementRange({ from: '2000-02-01', to: '2026-03-31' }, '2026-03-31')).toBeUndefined();
    expect(reportEngagementRange({ from: '2000-02-01', to: '2026-03-30' }, '2026-03-31')).toEqual({
      from: '2000-02-01',
      to: '2026-03-30',
    });
    expect(reportEngagementRange({ from: '2026-03-01', to: '2026-03-31' }, '2026-03-31')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });
});
