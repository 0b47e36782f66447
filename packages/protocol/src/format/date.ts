/**
 * Dates on the wire and in the interface (platform §9: "ISO date, ISO datetime with Z"), always in UTC so
 * that a date reads the same for every user and server. The short date is the locales' job, not this one.
 * A date that is not valid gives '' rather than throwing, as Date#toISOString would.
 */
export type DateInput = Date | string | number;

function toValidDate(input: DateInput): Date | undefined {
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'YYYY-MM-DD', the UTC calendar day. */
export function formatIsoDate(input: DateInput): string {
  return toValidDate(input)?.toISOString().slice(0, 10) ?? '';
}

/**
 * 'YYYY-MM-DDTHH:mm:ssZ' in UTC. Milliseconds are dropped (truncated, not rounded, so a time never moves
 * into the next second): people read these, and no screen needs a finer grain.
 */
export function formatIsoDateTime(input: DateInput): string {
  const iso = toValidDate(input)?.toISOString();
  return iso ? iso.replace(/\.\d{3}Z$/, 'Z') : '';
}
