import type { ActivityDistribution } from '../records/activity.ts';
import { upcomingOccurrences, type RepeatRule, type RepeatUnit } from './repeat-rule.ts';

/** An organization that has not chosen its time zone schedules in UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';

const INTERVAL_UNITS = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
} as const satisfies Record<NonNullable<ActivityDistribution['interval']>, RepeatUnit>;

/**
 * When a deployment runs, by the activity's distribution (PROTOCOL §7): a broadcast once, at `start`; a
 * scheduled activity at `start` and then every hour, day, week or month of the organization's wall clock; an API-
 * or event-triggered one has no runs of its own, it is live from `start` and sends one message per trigger.
 */
export type DeploymentTiming =
  | { kind: 'once'; at: Date }
  | { kind: 'repeat'; first: Date; repeat: RepeatRule }
  | { kind: 'triggered'; from: Date };

export function deploymentTiming(
  distribution: ActivityDistribution,
  start: Date,
  timeZone: string,
): DeploymentTiming {
  switch (distribution.type) {
    case 'broadcast':
      return { kind: 'once', at: start };
    case 'scheduled': {
      const every = INTERVAL_UNITS[distribution.interval ?? 'daily'];
      return {
        kind: 'repeat',
        first: start,
        repeat: { every, interval: 1, from: start.toISOString(), timeZone },
      };
    }
    case 'api':
    case 'event':
      return { kind: 'triggered', from: start };
  }
}

/** The next `count` runs of a timing at or after `now`: what the schedule step shows. */
export function upcomingRuns(timing: DeploymentTiming, now: Date, count: number): Date[] {
  if (timing.kind === 'once') return timing.at >= now ? [timing.at] : [];
  if (timing.kind === 'triggered') return [];
  return upcomingOccurrences(timing.repeat, now > timing.first ? now : timing.first, count);
}
