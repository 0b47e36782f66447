import { describe, expect, it } from 'vitest';
import { scheduledTimes } from './scheduledTimes.ts';

describe('scheduledTimes', () => {
  const activities = [
    { id: 1, status: 'scheduled', date: '2031-01-01T09:00:00.000Z' },
    { id: 2, status: 'scheduled', date: '2031-02-01T09:00:00.000Z' },
    { id: 3, status: 'scheduled', date: null },
    { id: 4, status: 'approved', date: '2031-03-01T09:00:00.000Z' },
  ] as const;

  it('takes the latest queueing entry’s time, else the activity’s date, for scheduled activities only', () => {
    const times = scheduledTimes(activities, [
      { activityId: 1, action: 'resume', details: { at: '2031-01-05T10:00:00.000Z' } },
      { activityId: 1, action: 'queueSchedule', details: { at: '2031-01-01T09:00:00.000Z' } },
      { activityId: 2, action: 'comment', details: { at: 'not a queueing' } },
      { activityId: 4, action: 'queueSchedule', details: { at: '2031-03-01T09:00:00.000Z' } },
    ]);
    expect(Object.fromEntries(times)).toEqual({
      1: '2031-01-05T10:00:00.000Z',
      2: '2031-02-01T09:00:00.000Z',
    });
  });
});
