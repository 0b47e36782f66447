import { describe, expect, it } from 'vitest';
import {
  NEXT_RUN_COUNT,
  instantFromWallInput,
  nextRunLines,
  schedulePreview,
  utcOffsetAt,
  wallInputFromInstant,
  wallTimeSkipped,
  zoneLabel,
} from './scheduleStep.ts';

const base = { timeZone: 'Asia/Tokyo', activityId: 42, origin: 'https://herald.example' };

describe('the schedule step’s wall clock', () => {
  it('reads and writes times on the organization’s clock, not the browser’s', () => {
    expect(instantFromWallInput('2030-01-15T09:00', 'Asia/Tokyo')).toBe('2030-01-15T00:00:00.000Z');
    expect(wallInputFromInstant('2030-01-15T00:00:00.000Z', 'Asia/Tokyo')).toBe('2030-01-15T09:00');
    expect(wallInputFromInstant('2030-01-15T00:00:00+00:00', 'Asia/Jakarta')).toBe('2030-01-15T07:00');
    expect(instantFromWallInput('2030-01-15T09:00', 'UTC')).toBe('2030-01-15T09:00:00.000Z');
    // A time stored without a zone is shown as it is; what is no date is left for the server to refuse.
    expect(wallInputFromInstant('2030-01-15T09:00:00', 'Asia/Tokyo')).toBe('2030-01-15T09:00');
    expect(instantFromWallInput('soon', 'Asia/Tokyo')).toBe('soon');
  });

  it('keeps 09:00 across a daylight-saving change, and knows a time the clocks skip', () => {
    // New York moves from UTC-05:00 to UTC-04:00 on 8 March 2026 at 02:00.
    expect(instantFromWallInput('2026-03-07T09:00', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
    expect(instantFromWallInput('2026-03-09T09:00', 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(wallTimeSkipped('2026-03-08T02:30', 'America/New_York')).toBe(true);
    expect(instantFromWallInput('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeSkipped('2026-03-08T03:30', 'America/New_York')).toBe(false);
    // 01:30 on 1 November 2026 shows twice; it is the first showing, still on daylight time.
    expect(instantFromWallInput('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(wallTimeSkipped('', 'America/New_York')).toBe(false);
  });

  it('names the zone with its offset at the time', () => {
    expect(zoneLabel('Asia/Jakarta', new Date('2030-01-15T00:00:00Z'))).toBe('Asia/Jakarta (UTC+07:00)');
    expect(zoneLabel('UTC', new Date('2030-01-15T00:00:00Z'))).toBe('UTC');
    expect(utcOffsetAt(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe('-05:00');
    expect(utcOffsetAt(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe('-04:00');
    expect(utcOffsetAt(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('+05:30');
  });
});

describe('when the activity goes out', () => {
  it('shows five next runs of a daily schedule, at 09:00 in the organization’s zone', () => {
    const preview = schedulePreview({
      ...base,
      distribution: { type: 'scheduled', interval: 'daily' },
      date: '2030-01-15T09:00',
      now: new Date('2029-12-01T00:00:00Z'),
    });
    expect(preview.kind).toBe('repeat');
    if (preview.kind !== 'repeat') return;
    expect(preview.runs).toHaveLength(NEXT_RUN_COUNT);
    expect(preview.runs.map((run) => run.toISOString())).toEqual([
      '2030-01-15T00:00:00.000Z',
      '2030-01-16T00:00:00.000Z',
      '2030-01-17T00:00:00.000Z',
      '2030-01-18T00:00:00.000Z',
      '2030-01-19T00:00:00.000Z',
    ]);
    expect(nextRunLines(preview.runs, 'en', 'Asia/Tokyo')).toEqual([
      'Jan 15, 2030, 09:00',
      'Jan 16, 2030, 09:00',
      'Jan 17, 2030, 09:00',
      'Jan 18, 2030, 09:00',
      'Jan 19, 2030, 09:00',
    ]);
  });

  it('keeps a daily 09:00 at 09:00 through a daylight-saving change, the instants moving an hour', () => {
    const preview = schedulePreview({
      ...base,
      timeZone: 'America/New_York',
      distribution: { type: 'scheduled', interval: 'daily' },
      date: '2026-03-06T09:00',
      now: new Date('2026-03-06T15:00:00Z'),
    });
    if (preview.kind !== 'repeat') throw new Error(preview.kind);
    // The 6th's run has passed: the next five are the 7th to the 11th, across the change on the 8th.
    expect(preview.runs.map((run) => run.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
    ]);
    expect(nextRunLines(preview.runs, 'en', 'America/New_York').every((line) => line.endsWith('09:00'))).toBe(
      true,
    );
  });

  it('shows a weekly and a monthly schedule on the wall clock', () => {
    const weekly = schedulePreview({
      ...base,
      distribution: { type: 'scheduled', interval: 'monthly' },
      date: '2030-01-31T18:30',
      now: new Date('2030-01-01T00:00:00Z'),
    });
    if (weekly.kind !== 'repeat') throw new Error(weekly.kind);
    // A month on the 31st falls on a shorter month's last day.
    expect(nextRunLines(weekly.runs, 'en', 'Asia/Tokyo').slice(0, 3)).toEqual([
      'Jan 31, 2030, 18:30',
      'Feb 28, 2030, 18:30',
      'Mar 31, 2030, 18:30',
    ]);
  });

  it('needs a first date before it can show a schedule’s runs', () => {
    const preview = schedulePreview({
      ...base,
      distribution: { type: 'scheduled', interval: 'hourly' },
      date: '',
      now: new Date(),
    });
    expect(preview).toEqual({ kind: 'repeat', first: null, runs: [] });
  });

  it('sends a broadcast once, at its time, or at once when that has passed or there is none', () => {
    const now = new Date('2030-01-10T00:00:00Z');
    const at = (date: string) => schedulePreview({ ...base, distribution: { type: 'broadcast' }, date, now });
    expect(at('2030-01-15T09:00')).toEqual({
      kind: 'once',
      at: new Date('2030-01-15T00:00:00Z'),
      passed: false,
    });
    expect(at('2030-01-01T09:00')).toMatchObject({ kind: 'once', passed: true });
    expect(at('')).toEqual({ kind: 'once', at: null, passed: false });
  });

  it('sends a triggered activity once per call or event, naming the endpoint or the event and its delay', () => {
    const now = new Date('2030-01-10T00:00:00Z');
    expect(schedulePreview({ ...base, distribution: { type: 'api' }, date: '', now })).toEqual({
      kind: 'api',
      from: null,
      endpoint: 'https://herald.example/api/v1/activities/42/trigger',
    });
    expect(
      schedulePreview({
        ...base,
        distribution: { type: 'event', event: 'opened', delayMinutes: 120 },
        date: '2030-01-15T09:00',
        now,
      }),
    ).toEqual({
      kind: 'event',
      from: new Date('2030-01-15T00:00:00Z'),
      event: 'opened',
      delayMinutes: 120,
    });
  });
});
