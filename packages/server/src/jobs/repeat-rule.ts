/**
 * How a repeating job repeats (job.repeat): every `interval` hours, days, weeks or calendar months, counted
 * from `from` (UTC; a month on a shorter month's last day, Jan 31 → Feb 28). The occurrences are `from` and
 * each step after it; when one finishes, the runner queues the first occurrence after the moment it finished,
 * so occurrences missed while no server ran are not made up one by one.
 */
export interface RepeatRule {
  every: RepeatUnit;
  /** Steps of `every` between occurrences, at least 1. */
  interval: number;
  /** ISO time of the first occurrence; the others are whole steps after it. */
  from: string;
}

export const REPEAT_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];

const HOUR = 3_600_000;
const FIXED_STEPS = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR } as const;

/** `months` calendar months after `date` (UTC), on the month's last day when it is shorter (Jan 31 → Feb 28). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** The occurrence `steps` intervals after the first. */
function occurrence(rule: RepeatRule, steps: number): Date {
  const from = new Date(rule.from);
  const interval = Math.max(1, Math.floor(rule.interval));
  if (rule.every === 'month') return addMonths(from, steps * interval);
  return new Date(from.getTime() + steps * interval * FIXED_STEPS[rule.every]);
}

/** How many whole intervals after the first the latest occurrence at or before `at` is (-1 before the first). */
function stepsUntil(rule: RepeatRule, at: Date): number {
  const from = new Date(rule.from);
  if (Number.isNaN(from.getTime()) || from > at) return -1;
  const interval = Math.max(1, Math.floor(rule.interval));
  if (rule.every === 'month') {
    const monthsApart =
      (at.getUTCFullYear() - from.getUTCFullYear()) * 12 + at.getUTCMonth() - from.getUTCMonth();
    let steps = Math.floor(monthsApart / interval);
    while (steps > 0 && occurrence(rule, steps) > at) steps -= 1;
    return steps;
  }
  return Math.floor((at.getTime() - from.getTime()) / (interval * FIXED_STEPS[rule.every]));
}

/** The latest occurrence at or before `at`, or undefined before the first. */
export function latestOccurrence(rule: RepeatRule, at: Date): Date | undefined {
  const steps = stepsUntil(rule, at);
  return steps < 0 ? undefined : occurrence(rule, steps);
}

/** The first occurrence strictly after `after`. */
export function nextOccurrence(rule: RepeatRule, after: Date): Date {
  return occurrence(rule, stepsUntil(rule, after) + 1);
}
