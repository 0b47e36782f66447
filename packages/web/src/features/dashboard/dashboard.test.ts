import { describe, expect, it } from 'vitest';
import type { OrganizationStats } from '@herald/protocol';
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
  const answer: OrganizationStats = {
    organizationId: 7,
    activity: {
      computedAt: '2026-11-22T00:00:00Z',
      expiresAt: '2026-11-22T00:10:00Z',
      days: 30,
      signInsPerDay: [
        { date: '2026-01-02', count: 5 },
        { date: '2026-01-01', count: 3 },
      ],
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
  };

  it('shows the totals as cards, the activity and campaigns per month as series, campaigns by status as bars', () => {
    const stats = readDashboardStats(answer);
    expect(stats.cards).toEqual([
      { key: 'totals.users', value: 4 },
      { key: 'totals.partitions', value: 0 },
      { key: 'totals.partitionSets', value: 0 },
      { key: 'totals.campaigns.total', value: 12 },
    ]);
    expect(stats.series).toEqual([
      {
        key: 'activity.signInsPerDay',
        lines: ['count'],
        points: [
          { date: '2026-01-01', count: 3 },
          { date: '2026-01-02', count: 5 },
        ],
      },
      { key: 'activity.changesPerDay', lines: ['count'], points: [{ date: '2026-11-21', count: 1 }] },
      { key: 'totals.campaignsPerMonth', lines: ['count'], points: [{ date: '2026-10', count: 5 }] },
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

  it('leaves campaigns out before the organization has a campaign table', () => {
    const stats = readDashboardStats({ ...answer, totals: { ...answer.totals, campaigns: null } });
    expect(stats.cards.map((card) => card.key)).not.toContain('totals.campaigns.total');
    expect(stats.breakdowns).toEqual([]);
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
