const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A `datetime-local` input's value ("2026-03-01T09:30", a wall-clock time in the browser's time zone) as the
 * instant it names, in UTC ISO form: the server runs in a zone of its own, so a time sent without its zone
 * would be read in the server's. Text that is not such a value is answered unchanged (the server says why).
 */
export function instantFromLocalInput(value: string): string {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

/**
 * An instant with its zone as a `datetime-local` value in the browser's time zone. A stored time without a
 * zone (written before times carried one) is shown as it is.
 */
export function localInputFromInstant(value: string): string {
  if (!HAS_ZONE.test(value)) return value.slice(0, 16);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const two = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}
