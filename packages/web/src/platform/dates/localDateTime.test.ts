import { describe, expect, it } from 'vitest';
import { instantFromLocalInput, localInputFromInstant } from './localDateTime.ts';

describe('local date-time inputs', () => {
  it('sends a wall-clock time as the instant it names in this time zone, and shows it back as typed', () => {
    const instant = instantFromLocalInput('2026-03-01T09:30');
    expect(instant).toMatch(/Z$/);
    expect(new Date(instant).getTime()).toBe(new Date(2026, 2, 1, 9, 30).getTime());
    expect(localInputFromInstant(instant)).toBe('2026-03-01T09:30');
  });

  it('shows an instant in this time zone, and a stored time without a zone as it is', () => {
    const noonUtc = '2026-07-04T12:00:00.000Z';
    const local = new Date(noonUtc);
    expect(localInputFromInstant(noonUtc)).toBe(
      `${local.getFullYear()}-07-0${local.getDate()}T${String(local.getHours()).padStart(2, '0')}:00`,
    );
    expect(localInputFromInstant('2026-03-01T09:30')).toBe('2026-03-01T09:30');
    expect(localInputFromInstant('2026-03-01T09:30:00')).toBe('2026-03-01T09:30');
  });

  it('leaves text that is not a date-time input alone', () => {
    expect(instantFromLocalInput('')).toBe('');
    expect(instantFromLocalInput('tomorrow')).toBe('tomorrow');
    expect(localInputFromInstant('not a dateZ')).toBe('not a dateZ');
  });
});
