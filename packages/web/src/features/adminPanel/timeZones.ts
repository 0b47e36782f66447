import { DEFAULT_TIME_ZONE } from '@herald/protocol';

/**
 * The time zones an organization may choose: every IANA zone the browser knows, and UTC (which
 * Intl.supportedValuesOf leaves out), sorted. A saved zone the list lacks (an older alias such as
 * Asia/Calcutta) is kept, so opening the card never loses it.
 */
export function timeZoneChoices(
  saved: string,
  known: readonly string[] = Intl.supportedValuesOf('timeZone'),
): string[] {
  return [...new Set([DEFAULT_TIME_ZONE, saved, ...known])].sort((a, b) =>
    a === DEFAULT_TIME_ZONE ? -1 : b === DEFAULT_TIME_ZONE ? 1 : a.localeCompare(b),
  );
}

/**
 * The settings to send with updateOrganizationSettings, which replaces the whole object: everything the
 * organization has now, with the new time zone.
 */
export function settingsWithTimeZone(
  current: Record<string, unknown>,
  timeZone: string,
): Record<string, unknown> {
  return { ...current, timeZone };
}
