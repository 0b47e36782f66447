import { displayDate, displayDateTime } from '../dates/displayDate.ts';

// Kept for the screens that import them from here: both are the one display format of platform/dates.

/** A date and time for people, in the interface language; '' for nothing and the input itself if unreadable. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  return displayDateTime(value, locale);
}

/** A calendar date for people, in the interface language. */
export function formatDate(value: string | null | undefined, locale: string): string {
  return displayDate(value, locale);
}
