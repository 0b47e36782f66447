import { describe, expect, it } from 'vitest';
import {
  changeChartDateRange,
  defaultChartDateRange,
  inChartDateRange,
  isIsoDate,
} from './chartDateRange.ts';
import { humanizeStatKey, pointsInRange, readDashboardStats } from './stats.ts';

describe('chart date range', () => {
  it('starts on 2000-02-01 and ends today (ISO)', () => {
    expect(defaultChartDateRange(new Date('2026-11-22T16:00:00Z'))).toEqual({
      from: '2000-02-01',
      to: '2026-11-22',
    });
  });

  it('keeps the previous end for an unreadable date and swaps reversed ends', () => {
    const range = { from: '2000-02-01', to: '2026-11-22' };
    expect(changeChartDateRange(range, { from: '2026-02-30' })).toEqual(range);
    expect(changeChartDateRange(range, { to: '' })).toEqual(range);
    expect(changeChartDateRange(range, { from: '2027-01-01' })).toEqual({
      from: '2026-11-22',
      to: '2027-01-01',
    });
    expect(changeChartDateRange(range, { from: '2020-01-01' })).toEqual({
      from: '2020-01-01',
      to: '2026-11-22',
    });
  });

  it('includes both ends and compares by calendar date', () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    expect(inChartDateRange('2026-01-01', range)).toBe(true);
    expect(inChartDateRange('2026-01-31T23:59:59Z', range)).toBe(true);
    expect(inChartDateRange('2026-02-01', range)).toBe(false);
    expect(inChartDateRange('nonsense', range)).toBe(false);
    expect(inChartDateRange('2026-01', { from: '2026-01-31', to: '2026-03-01' })).toBe(true);
    expect(inChartDateRange('2026-04', { from: '2026-01-31', to: '2026-03-01' })).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});

describe('dashboard stats', () => {
  const answer = {
    organizationId: 7,
    campaigns: { total: 12, active: 3, upcoming: 2, completed: 5, archived: 2 },
    users: 4,
    signInsPerDay: [
      { date: '2026-01-02', count: 5 },
      { date: '2026-01-01', count: 3 },
    ],
    byChannel: [
      { name: 'email', count: 9 },
      { name: 'sms', count: 1 },
    ],
    generatedAt: '2026-01-02T00:00:00Z',
  };

  it('reads numbers as cards, dated rows as series and counts by name as breakdowns', () => {
    const stats = readDashboardStats(answer);
    expect(stats.cards).toEqual([
      { key: 'campaigns.total', value: 12 },
      { key: 'users', value: 4 },
    ]);
    expect(stats.series).toEqual([
      {
        key: 'signInsPerDay',
        lines: ['count'],
        points: [
          { date: '2026-01-01', count: 3 },
          { date: '2026-01-02', count: 5 },
        ],
      },
    ]);
    expect(stats.breakdowns.map((breakdown) => breakdown.key)).toEqual(['campaigns', 'byChannel']);
    expect(stats.breakdowns[0]?.items).toContainEqual({ name: 'active', value: 3 });
  });

  it('reads getStats as the contract shapes it', () => {
    const stats = readDashboardStats({
      organizationId: 7,
      activity: {
        computedAt: '2026-11-22T00:00:00Z',
        expiresAt: '2026-11-22T00:10:00Z',
        days: 30,
        signInsPerDay: [{ date: '2026-11-21', count: 2 }],
        changesPerDay: [{ date: '2026-11-21', count: 1 }],
      },
      totals: {
        computedAt: '2026-11-22T00:00:00Z',
        expiresAt: '2026-11-23T00:00:00Z',
        users: 4,
        partitions: 0,
        partitionSets: 0,
        campaigns: { total: 12, byStatus: { active: 3, upcoming: 2 } },
        campaignsPerMonth: [{ month: '2026-10', count: 5 }],
      },
    });
    expect(stats.cards.map((card) => card.key)).toEqual([
      'totals.users',
      'totals.partitions',
      'totals.partitionSets',
      'totals.campaigns.total',
    ]);
    expect(stats.series.map((series) => series.key)).toEqual([
      'activity.signInsPerDay',
      'activity.changesPerDay',
      'totals.campaignsPerMonth',
    ]);
    expect(stats.breakdowns).toEqual([
      {
        key: 'totals.campaigns.byStatus',
        items: [
          { name: 'active', value: 3 },
          { name: 'upcoming', value: 2 },
        ],
      },
    ]);
  });

  it('reads anything else as nothing', () => {
    for (const value of [null, undefined, 'x', 3, [], {}]) {
      expect(readDashboardStats(value)).toEqual({ cards: [], series: [], breakdowns: [] });
    }
  });

  it('limits a series to the chart date range', () => {
    const [series] = readDashboardStats(answer).series;
    expect(pointsInRange(series!, { from: '2026-01-02', to: '2026-12-31' })).toEqual([
      { date: '2026-01-02', count: 5 },
    ]);
  });

  it('names a statistic the locale does not know', () => {
    expect(humanizeStatKey('signInsPerDay')).toBe('Sign ins per day');
    expect(humanizeStatKey('campaigns.by_status')).toBe('Campaigns by status');
  });
});
