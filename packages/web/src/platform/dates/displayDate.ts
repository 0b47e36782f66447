/**
 * The console's one display format for dates (platform §9: "short date from translation"; the date picker is
 * 24-hour): the language's medium date (Nov 24, 2026 · 2026/11/24 · 24 Nov 2026 · 2026年11月24日), and for a
 * moment that date followed by a 24-hour time. Every screen and every date picker formats through here; the
 * wire keeps ISO (YYYY-MM-DD, and date-times with Z).
 */
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
};

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function readable(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A calendar date ('2026-11-24', or the day of a date-time) for people. A bare calendar date names a day, not a
 * moment, so it is read in UTC and shows the same day in every time zone. '' for nothing; the input itself
 * when it cannot be read.
 */
export function displayDate(value: string | Date | null | undefined, locale: string): string {
  if (!value) return '';
  const date = readable(value);
  if (!date) return String(value);
  const bareDay = typeof value === 'string' && CALENDAR_DATE.test(value);
  return new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS, ...(bareDay && { timeZone: 'UTC' }) }).format(
    date,
  );
}

/**
 * A moment for people: the date as displayDate writes it and the time, 24-hour, in the browser's zone, or in
 * `timeZone` when given (a schedule is shown on the organization's wall clock, wherever the viewer is).
 */
export function displayDateTime(
  value: string | Date | null | undefined,
  locale: string,
  timeZone?: string,
): string {
  if (!value) return '';
  const date = readable(value);
  if (!date) return String(value);
  return new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS, ...(timeZone && { timeZone }) }).format(
    date,
  );
}
