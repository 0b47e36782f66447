/**
 * Wall-clock time in an IANA time zone, with nothing but Intl: an organization schedules "every day at 09:00"
 * in its own zone, and 09:00 must stay 09:00 across daylight-saving changes, which a fixed UTC step would not.
 */

/** A date and time as a clock on the wall shows it (month 1–12). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows ('UTC', 'Asia/Jakarta', …). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '' || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a wall clock in `timeZone` shows at `at`. */
export function wallTimeAt(at: Date, timeZone: string): WallTime {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at))
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  return {
    year: fields.year!,
    month: fields.month!,
    day: fields.day!,
    hour: fields.hour! % 24,
    minute: fields.minute!,
    second: fields.second!,
  };
}

function asUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The zone's offset from UTC at `at`, in milliseconds (east positive). */
function offsetAt(at: number, timeZone: string): number {
  return asUtc(wallTimeAt(new Date(at), timeZone)) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall clock in `timeZone` shows `wall`. A time skipped by a spring-forward change lands an
 * hour later, as calendars do; a time shown twice in the autumn is its first showing.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const guess = asUtc(wall);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  // Two candidates differ only around a change: take the earlier one that shows the wanted time, else the later.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  const exact = candidates.find((instant) => asUtc(wallTimeAt(new Date(instant), timeZone)) === guess);
  return new Date(exact ?? Math.max(first, second));
}

/** `wall` moved by whole days and calendar months (on a shorter month's last day: Jan 31 + 1 month → Feb 28). */
export function addToWallTime(wall: WallTime, step: { days?: number; months?: number }): WallTime {
  let { year, month, day } = wall;
  if (step.months) {
    const index = year * 12 + (month - 1) + step.months;
    year = Math.floor(index / 12);
    month = (index % 12) + 1;
    day = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  }
  if (step.days) {
    const moved = new Date(Date.UTC(year, month - 1, day + step.days));
    year = moved.getUTCFullYear();
    month = moved.getUTCMonth() + 1;
    day = moved.getUTCDate();
  }
  return { ...wall, year, month, day };
}
