import type { OrganizationStats } from '@herald/protocol';
import { inChartDateRange } from './chartDateRange.ts';
import type { ChartDateRange } from './chartDateRange.ts';

/** A number shown on its own card. */
export interface StatCard {
  key: string;
  value: number;
}

/** Values over time: one point a date, one numeric field a line. */
export interface StatSeries {
  key: string;
  points: Array<{ date: string } & Record<string, string | number>>;
  lines: string[];
}

/** Counts by category (campaigns by status, say). */
export interface StatBreakdown {
  key: string;
  items: Array<{ name: string; value: number }>;
}

export interface DashboardStats {
  cards: StatCard[];
  series: StatSeries[];
  breakdowns: StatBreakdown[];
}

/** A series of counts per date (a day or a month) as the chart draws it. */
function countSeries(key: string, rows: ReadonlyArray<{ date: string; count: number }>): StatSeries {
  return {
    key,
    lines: ['count'],
    points: rows
      .map((row) => ({ date: row.date, count: row.count }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/**
 * getStats' answer (the contract's OrganizationStats) as the dashboard shows it: the totals as cards, the
 * activity and campaigns per month as series, campaigns by status as a breakdown. Keys name each figure's
 * place in the answer (`totals.users`), which the locale's dashboard.stats labels.
 */
export function readDashboardStats(stats: OrganizationStats): DashboardStats {
  const { activity, totals } = stats;
  const cards: StatCard[] = [
    { key: 'totals.users', value: totals.users },
    { key: 'totals.partitions', value: totals.partitions },
    { key: 'totals.partitionSets', value: totals.partitionSets },
  ];
  const breakdowns: StatBreakdown[] = [];
  if (totals.campaigns) {
    cards.push({ key: 'totals.campaigns.total', value: totals.campaigns.total });
    breakdowns.push({
      key: 'totals.campaigns.byStatus',
      items: Object.entries(totals.campaigns.byStatus).map(([name, value]) => ({ name, value })),
    });
  }
  return {
    cards,
    series: [
      countSeries('activity.signInsPerDay', activity.signInsPerDay),
      countSeries('activity.changesPerDay', activity.changesPerDay),
      countSeries(
        'totals.campaignsPerMonth',
        totals.campaignsPerMonth.map(({ month, count }) => ({ date: month, count })),
      ),
    ],
    breakdowns,
  };
}

/** The series' points inside the chart date range. */
export function pointsInRange(series: StatSeries, range: ChartDateRange): StatSeries['points'] {
  return series.points.filter((point) => inChartDateRange(point.date, range));
}

/** 'signInsPerDay' or 'sign_ins.per_day' → 'Sign ins per day', for a statistic the locale has no name for. */
export function humanizeStatKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
