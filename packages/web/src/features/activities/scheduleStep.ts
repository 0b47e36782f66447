import { deploymentTiming, instantOfWallTime, upcomingRuns, wallTimeAt } from '@herald/protocol';
import type { ActivityDistribution, TriggerEvent } from '@herald/protocol';
import { displayDateTime } from '../../platform/dates/displayDate.ts';

/**
 * The schedule step of activity setup (docs/workflow.md § The schedule step). Its date and time are the
 * organization's wall clock, not the browser's: the server runs schedules in the organization's time zone, so a
 * person in another zone must see and type the times the organization's subscribers will see. The form keeps
 * 'YYYY-MM-DDTHH:mm' of that wall clock; the record keeps the instant.
 */

/** How many coming runs the step shows for a repeating schedule. */
export const NEXT_RUN_COUNT = 5;

const WALL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const two = (part: number) => String(part).padStart(2, '0');

/**
 * A stored instant as the form's 'YYYY-MM-DDTHH:mm' on the wall clock of `timeZone`. A stored time without a
 * zone (written before times carried one) is shown as it is; text that is no date is answered unchanged.
 */
export function wallInputFromInstant(value: string, timeZone: string): string {
  if (!HAS_ZONE.test(value)) return value.slice(0, 16);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const wall = wallTimeAt(at, timeZone);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/**
 * The form's wall-clock 'YYYY-MM-DDTHH:mm' in `timeZone` as the instant it names, in UTC ISO form. A time
 * skipped by a spring-forward change lands an hour later (see wallTimeSkipped); an autumn time shown twice is
 * its first showing. Text that is not such a value is answered unchanged, for the server to refuse.
 */
export function instantFromWallInput(value: string, timeZone: string): string {
  const match = WALL_INPUT.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return instantOfWallTime({ year, month, day, hour, minute, second: 0 }, timeZone).toISOString();
}

/** Whether the wall clock of `timeZone` never shows this time (skipped by a daylight-saving change). */
export function wallTimeSkipped(value: string, timeZone: string): boolean {
  if (!WALL_INPUT.test(value)) return false;
  return wallInputFromInstant(instantFromWallInput(value, timeZone), timeZone) !== value;
}

/** The zone's offset from UTC at `at`, as '+07:00' or '-04:00'. */
export function utcOffsetAt(at: Date, timeZone: string): string {
  const wall = wallTimeAt(at, timeZone);
  const shown = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const minutes = Math.round((shown - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`;
}

/** The zone as the step names it beside the time: 'Asia/Jakarta (UTC+07:00)', its offset at `at`. */
export function zoneLabel(timeZone: string, at: Date): string {
  return timeZone === 'UTC' ? 'UTC' : `${timeZone} (UTC${utcOffsetAt(at, timeZone)})`;
}

/** The endpoint that sends an API-triggered activity to one subscriber (docs/http.md § Triggered sends). */
export function triggerEndpoint(origin: string, activityId: number): string {
  return `${origin}/api/v1/activities/${activityId}/trigger`;
}

/**
 * What the step says about when the activity goes out, by its distribution: a broadcast once (at its date, or
 * when deployed when it has none; `passed` when that date is gone and it would go at once); a schedule's
 * coming runs (none until it has a first date); an API or event trigger, one message per trigger from its date.
 */
export type SchedulePreview =
  | { kind: 'once'; at: Date | null; passed: boolean }
  | { kind: 'repeat'; first: Date | null; runs: Date[] }
  | { kind: 'api'; from: Date | null; endpoint: string }
  | { kind: 'event'; from: Date | null; event: TriggerEvent; delayMinutes: number };

export interface ScheduleInput {
  distribution: ActivityDistribution;
  /** The form's wall-clock date and time, or '' for none. */
  date: string;
  timeZone: string;
  now: Date;
  activityId: number;
  origin: string;
}

export function schedulePreview(input: ScheduleInput): SchedulePreview {
  const { distribution, timeZone, now } = input;
  const instant = input.date === '' ? null : new Date(instantFromWallInput(input.date, timeZone));
  const start = instant && !Number.isNaN(instant.getTime()) ? instant : null;
  switch (distribution.type) {
    case 'broadcast':
      return { kind: 'once', at: start, passed: start !== null && start < now };
    case 'scheduled': {
      if (!start) return { kind: 'repeat', first: null, runs: [] };
      const timing = deploymentTiming(distribution, start, timeZone);
      return { kind: 'repeat', first: start, runs: upcomingRuns(timing, now, NEXT_RUN_COUNT) };
    }
    case 'api':
      return { kind: 'api', from: start, endpoint: triggerEndpoint(input.origin, input.activityId) };
    case 'event':
      return {
        kind: 'event',
        from: start,
        event: distribution.event ?? 'listsubscribed',
        delayMinutes: distribution.delayMinutes ?? 0,
      };
  }
}

/** The lines of the next runs: each run in the language's format, on the wall clock of `timeZone`. */
export function nextRunLines(runs: readonly Date[], locale: string, timeZone: string): string[] {
  return runs.map((run) => displayDateTime(run, locale, timeZone));
}
