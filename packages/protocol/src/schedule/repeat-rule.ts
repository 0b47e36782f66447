import { addToWallTime, instantOfWallTime, wallTimeAt } from './zoned-time.ts';

/**
 * How a repeating job repeats (job.repeat): every `interval` minutes, hours, days, weeks or calendar months, counted
 * from `from`. Days, weeks and months are steps of the wall clock in `timeZone` (UTC when absent), so a daily
 * 09:00 in Jakarta or New York stays 09:00 through daylight-saving changes; a month on a shorter month's last
 * day (Jan 31 → Feb 28). Minutes and hours are fixed steps of 60 s and 3,600 s (minutes are for the server's own
 * upkeep, such as syncing WhatsApp template states; no schedule a person sets repeats so often). The occurrences are `from` and each step after it;
 * when one finishes, the runner queues the first occurrence after the moment it finished, so occurrences
 * missed while no server ran are not made up one by one.
 */
export interface RepeatRule {
  every: RepeatUnit;
  /** Steps of `every` between occurrences, at least 1. */
  interval: number;
  /** ISO time of the first occurrence; the others are whole steps after it. */
  from: string;
  /** The IANA zone whose wall clock days, weeks and months follow; UTC when absent. */
  timeZone?: string;
}

export const REPEAT_UNITS = ['minute', 'hour', 'day', 'week', 'month'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOMINAL_STEPS = {
  minute: MINUTE,
  hour: HOUR,
  day: 24 * HOUR,
  week: 7 * 24 * HOUR,
  month: 30.44 * 24 * HOUR,
} as const;

function intervalOf(rule: RepeatRule): number {
  return Math.max(1, Math.floor(rule.interval));
}

/** The occurrence `steps` intervals after the first. */
function occurrence(rule: RepeatRule, steps: number): Date {
  const from = new Date(rule.from);
  const count = steps * intervalOf(rule);
  if (rule.every === 'minute') return new Date(from.getTime() + count * MINUTE);
  if (rule.every === 'hour') return new Date(from.getTime() + count * HOUR);
  const timeZone = rule.timeZone ?? 'UTC';
  const wall = wallTimeAt(from, timeZone);
  const moved =
    rule.every === 'month'
      ? addToWallTime(wall, { months: count })
      : addToWallTime(wall, { days: count * (rule.every === 'week' ? 7 : 1) });
  return instantOfWallTime(moved, timeZone);
}

/** How many whole intervals after the first the latest occurrence at or before `at` is (-1 before the first). */
function stepsUntil(rule: RepeatRule, at: Date): number {
  const from = new Date(rule.from);
  if (Number.isNaN(from.getTime()) || from > at) return -1;
  // A nominal estimate, then corrected: wall-clock steps are an hour longer or shorter around a change.
  let steps = Math.floor((at.getTime() - from.getTime()) / (intervalOf(rule) * NOMINAL_STEPS[rule.every]));
  while (steps > 0 && occurrence(rule, steps) > at) steps -= 1;
  while (occurrence(rule, steps + 1) <= at) steps += 1;
  return steps;
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

/** The next `count` occurrences at or after `from` (what the schedule step shows as "next runs"). */
export function upcomingOccurrences(rule: RepeatRule, from: Date, count: number): Date[] {
  const runs: Date[] = [];
  let steps = Math.max(0, stepsUntil(rule, new Date(from.getTime() - 1)) + 1);
  while (runs.length < count) runs.push(occurrence(rule, steps++));
  return runs;
}
