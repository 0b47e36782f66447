import { describe, expect, it } from 'vitest';
import { deploymentTiming, upcomingRuns } from './activity-schedule.ts';
import { latestOccurrence, nextOccurrence, upcomingOccurrences, type RepeatRule } from './repeat-rule.ts';
import { instantOfWallTime, isTimeZone, wallTimeAt } from './zoned-time.ts';

const iso = (date: Date) => date.toISOString();

describe('zoned time', () => {
  it('reads and writes wall clocks, across daylight-saving changes', () => {
    // New York: EST (-5) before 2026-03-08 02:00, EDT (-4) after.
    const winter = instantOfWallTime(
      { year: 2026, month: 3, day: 7, hour: 9, minute: 0, second: 0 },
      'America/New_York',
    );
    const summer = instantOfWallTime(
      { year: 2026, month: 3, day: 9, hour: 9, minute: 0, second: 0 },
      'America/New_York',
    );
    expect(iso(winter)).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(summer)).toBe('2026-03-09T13:00:00.000Z');
    expect(wallTimeAt(summer, 'America/New_York')).toMatchObject({ day: 9, hour: 9, minute: 0 });
    // 02:30 does not exist that night: it lands an hour later, as calendars do.
    const skipped = instantOfWallTime(
      { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 },
      'America/New_York',
    );
    expect(iso(skipped)).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 2026-11-01 is shown twice: the first showing (EDT).
    const twice = instantOfWallTime(
      { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 },
      'America/New_York',
    );
    expect(iso(twice)).toBe('2026-11-01T05:30:00.000Z');
    expect(
      iso(instantOfWallTime({ year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0 }, 'Asia/Jakarta')),
    ).toBe('2025-12-31T17:00:00.000Z');
  });

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('repeat rules', () => {
  it('keeps a daily 09:00 at 09:00 local through a daylight-saving change', () => {
    const rule: RepeatRule = {
      every: 'day',
      interval: 1,
      from: '2026-03-06T14:00:00.000Z',
      timeZone: 'America/New_York',
    };
    const runs = upcomingOccurrences(rule, new Date('2026-03-06T00:00:00Z'), 4).map(iso);
    expect(runs).toEqual([
      '2026-03-06T14:00:00.000Z',
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    expect(iso(nextOccurrence(rule, new Date('2026-03-08T12:59:00Z')))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(latestOccurrence(rule, new Date('2026-03-08T12:59:00Z'))!)).toBe('2026-03-07T14:00:00.000Z');
  });

  it('steps minutes as fixed minutes from a first occurrence long past', () => {
    const quarterHourly: RepeatRule = { every: 'minute', interval: 15, from: '2000-01-01T00:00:00.000Z' };
    expect(iso(nextOccurrence(quarterHourly, new Date('2026-05-04T10:07:31Z')))).toBe(
      '2026-05-04T10:15:00.000Z',
    );
    expect(iso(nextOccurrence(quarterHourly, new Date('2026-05-04T10:15:00Z')))).toBe(
      '2026-05-04T10:30:00.000Z',
    );
    expect(iso(latestOccurrence(quarterHourly, new Date('2026-05-04T10:07:31Z'))!)).toBe(
      '2026-05-04T10:00:00.000Z',
    );
  });

  it('steps hours as fixed hours and months as calendar months on the last day', () => {
    const hourly: RepeatRule = {
      every: 'hour',
      interval: 2,
      from: '2026-03-08T05:00:00.000Z',
      timeZone: 'America/New_York',
    };
    expect(upcomingOccurrences(hourly, new Date('2026-03-08T05:30:00Z'), 2).map(iso)).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T09:00:00.000Z',
    ]);
    const monthly: RepeatRule = {
      every: 'month',
      interval: 1,
      from: '2026-01-31T02:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    };
    // 11:00 on the 31st in Tokyo; February has 28 days, March 31 again (steps count from the first occurrence).
    expect(upcomingOccurrences(monthly, new Date('2026-01-01T00:00:00Z'), 3).map(iso)).toEqual([
      '2026-01-31T02:00:00.000Z',
      '2026-02-28T02:00:00.000Z',
      '2026-03-31T02:00:00.000Z',
    ]);
    const weekly: RepeatRule = { every: 'week', interval: 1, from: '2026-10-26T08:00:00.000Z' };
    expect(iso(nextOccurrence(weekly, new Date('2026-10-26T08:00:00.000Z')))).toBe(
      '2026-11-02T08:00:00.000Z',
    );
    expect(latestOccurrence(weekly, new Date('2026-10-26T07:59:59.000Z'))).toBeUndefined();
  });
});

describe('deployment timing', () => {
  const start = new Date('2026-12-01T02:00:00.000Z');
  it('runs a broadcast once, a scheduled activity on its interval, a triggered one never by itself', () => {
    expect(
      upcomingRuns(
        deploymentTiming({ type: 'broadcast' }, start, 'UTC'),
        new Date('2026-11-30T00:00:00Z'),
        3,
      ),
    ).toEqual([start]);
    expect(
      upcomingRuns(
        deploymentTiming({ type: 'broadcast' }, start, 'UTC'),
        new Date('2026-12-02T00:00:00Z'),
        3,
      ),
    ).toEqual([]);
    const weekly = deploymentTiming({ type: 'scheduled', interval: 'weekly' }, start, 'Asia/Jakarta');
    expect(weekly).toMatchObject({ kind: 'repeat', repeat: { every: 'week', timeZone: 'Asia/Jakarta' } });
    expect(upcomingRuns(weekly, new Date('2026-12-05T00:00:00Z'), 2).map(iso)).toEqual([
      '2026-12-08T02:00:00.000Z',
      '2026-12-15T02:00:00.000Z',
    ]);
    expect(upcomingRuns(deploymentTiming({ type: 'api' }, start, 'UTC'), start, 3)).toEqual([]);
    expect(deploymentTiming({ type: 'event', event: 'opened', delayMinutes: 30 }, start, 'UTC').kind).toBe(
      'triggered',
    );
  });
});
