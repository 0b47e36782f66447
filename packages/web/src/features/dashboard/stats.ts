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
  points: Array<Record<string, string | number>>;
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

/** Numbers that are facts about the answer, not statistics (getStats: the organization, the activity window). */
const NOT_STATISTICS = new Set(['organizationId', 'days']);
const DATE_FIELDS = ['date', 'day', 'week', 'month', 'period', 'time'];
const NAME_FIELDS = ['name', 'status', 'label', 'key', 'type', 'kind'];
const VALUE_FIELDS = ['value', 'count', 'total'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function seriesFrom(key: string, rows: unknown[]): StatSeries | null {
  const objects = rows.filter(isRecord);
  if (objects.length === 0 || objects.length !== rows.length) return null;
  const dateField = DATE_FIELDS.find((field) => objects.every((row) => typeof row[field] === 'string'));
  if (!dateField) return null;
  const lines = [
    ...new Set(objects.flatMap((row) => Object.keys(row).filter((name) => isNumber(row[name])))),
  ];
  if (lines.length === 0) return null;
  const points = objects
    .map((row) => {
      const point: Record<string, string | number> = { date: String(row[dateField]) };
      for (const line of lines) point[line] = isNumber(row[line]) ? row[line] : 0;
      return point;
    })
    .sort((a, b) => String(a.date).localeCompare(String(b.date)));
  return { key, points, lines };
}

function breakdownFromRows(key: string, rows: unknown[]): StatBreakdown | null {
  const objects = rows.filter(isRecord);
  if (objects.length === 0 || objects.length !== rows.length) return null;
  const nameField = NAME_FIELDS.find((field) => objects.every((row) => typeof row[field] === 'string'));
  const valueField = VALUE_FIELDS.find((field) => objects.every((row) => isNumber(row[field])));
  if (!nameField || !valueField) return null;
  return {
    key,
    items: objects.map((row) => ({ name: String(row[nameField]), value: row[valueField] as number })),
  };
}

/**
 * Reads getStats' answer, whatever its exact shape: top-level numbers become cards, arrays of dated rows
 * become time series, and objects of numbers (or arrays of name and count) become breakdowns. Nested objects
 * are read the same way with their keys joined by a dot. Anything else is ignored.
 */
export function readDashboardStats(result: unknown): DashboardStats {
  const stats: DashboardStats = { cards: [], series: [], breakdowns: [] };
  const visit = (value: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [name, field] of Object.entries(value)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (NOT_STATISTICS.has(name)) continue;
      if (isNumber(field)) {
        stats.cards.push({ key, value: field });
      } else if (Array.isArray(field)) {
        const series = seriesFrom(key, field);
        if (series) stats.series.push(series);
        else {
          const breakdown = breakdownFromRows(key, field);
          if (breakdown) stats.breakdowns.push(breakdown);
        }
      } else if (isRecord(field)) {
        const entries = Object.entries(field);
        if (entries.length > 1 && entries.every(([, item]) => isNumber(item))) {
          // A total beside its parts is a card; the parts are the breakdown.
          const parts = entries.filter(([itemName]) => itemName !== 'total');
          if (parts.length < entries.length)
            stats.cards.push({ key: `${key}.total`, value: field.total as number });
          stats.breakdowns.push({
            key,
            items: parts.map(([itemName, item]) => ({ name: itemName, value: item as number })),
          });
        } else if (depth < 2) {
          visit(field, key, depth + 1);
        }
      }
    }
  };
  if (isRecord(result)) visit(result, '', 0);
  return stats;
}

/** The series' points inside the chart date range. */
export function pointsInRange(series: StatSeries, range: ChartDateRange): StatSeries['points'] {
  return series.points.filter((point) => inChartDateRange(String(point.date), range));
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
