import type { ActivityRecord } from '@herald/protocol';
import { parseTarget } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  approvalWasReset,
  delayOf,
  distributionOf,
  settingsFormOf,
  settingsWrite,
  validateSettings,
} from './activitySettings.ts';

const activity = (fields: Partial<ActivityRecord> = {}): ActivityRecord => ({
  id: 12,
  campaignId: 3,
  type: 'email',
  name: 'Spring newsletter',
  date: null,
  target: null,
  templateUrl: null,
  latestRevisionId: null,
  partitionIds: [],
  distribution: { type: 'broadcast' },
  sendLimit: null,
  throttle: null,
  frequency: { type: 'none' },
  status: 'draft',
  notes: '',
  approvalResetAt: null,
  isArchived: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 4,
  ...fields,
});

/** The organization's time zone the form's dates are on. */
const ZONE = 'Asia/Jakarta';

const tree = (text: string) => {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.tree;
};

describe('activity settings', () => {
  it('reads a delay in the largest unit that holds it whole', () => {
    expect(delayOf(undefined)).toEqual({ amount: '', unit: 'hours' });
    expect(delayOf(0)).toEqual({ amount: 0, unit: 'minutes' });
    expect(delayOf(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(delayOf(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(delayOf(2880)).toEqual({ amount: 2, unit: 'days' });
  });

  it('sends only the chosen distribution’s own fields', () => {
    const form = settingsFormOf(
      activity({ distribution: { type: 'event', event: 'opened', delayMinutes: 120 } }),
      ZONE,
    );
    expect(distributionOf(form)).toEqual({ type: 'event', event: 'opened', delayMinutes: 120 });
    expect(distributionOf({ ...form, distributionType: 'scheduled', interval: 'weekly' })).toEqual({
      type: 'scheduled',
      interval: 'weekly',
    });
    expect(distributionOf({ ...form, distributionType: 'api' })).toEqual({ type: 'api' });
    expect(distributionOf({ ...form, delayAmount: 3, delayUnit: 'days' })).toEqual({
      type: 'event',
      event: 'opened',
      delayMinutes: 4320,
    });
    expect(distributionOf({ ...form, delayAmount: '' })).toEqual({ type: 'event', event: 'opened' });
  });

  it('writes every setting with the version read, and each number as null when empty', () => {
    const form = {
      ...settingsFormOf(activity(), ZONE),
      name: '  Renamed ',
      frequencyType: 'every' as const,
      frequencyDays: 7 as const,
      sendLimit: 5000 as const,
      throttle: '' as const,
      notes: 'Check the links',
    };
    expect(settingsWrite(form, activity(), ZONE)).toEqual({
      id: 12,
      version: 4,
      name: 'Renamed',
      distribution: { type: 'broadcast' },
      frequency: { type: 'every', days: 7 },
      sendLimit: 5000,
      throttle: null,
      notes: 'Check the links',
    });
  });

  it('sends the target only when it changed, as its canonical text', () => {
    const stored = activity({ target: 'list 4' });
    const same = settingsFormOf(stored, ZONE);
    expect(settingsWrite(same, stored, ZONE)).not.toHaveProperty('target');
    const changed = { ...same, target: tree('list 5') };
    expect(settingsWrite(changed, stored, ZONE).target).toBe('list 5');
    expect(settingsWrite({ ...same, target: null }, stored, ZONE).target).toBeNull();
  });

  it('sends partitions only when they changed', () => {
    const stored = activity({ partitionIds: [1, 2] });
    expect(settingsWrite(settingsFormOf(stored, ZONE), stored, ZONE)).not.toHaveProperty('partitionIds');
    expect(
      settingsWrite({ ...settingsFormOf(stored, ZONE), partitionIds: [2] }, stored, ZONE).partitionIds,
    ).toEqual([2]);
  });

  it('sends the date as the instant its wall-clock time names in the organization’s zone, only when changed', () => {
    const stored = activity({ date: '2026-03-01T02:30:00.000Z' });
    const form = settingsFormOf(stored, ZONE);
    // Jakarta is UTC+07:00 all year: the stored 02:30Z is 09:30 on the organization's clock, wherever the viewer is.
    expect(form.date).toBe('2026-03-01T09:30');
    expect(settingsWrite(form, stored, ZONE)).not.toHaveProperty('date');
    expect(settingsWrite({ ...form, date: '2026-03-02T08:00' }, stored, ZONE).date).toBe(
      '2026-03-02T01:00:00.000Z',
    );
    expect(settingsWrite({ ...form, date: '' }, stored, ZONE).date).toBeNull();
    expect(settingsWrite({ ...form, date: '2026-03-02T08:00' }, stored, 'Asia/Tokyo').date).toBe(
      '2026-03-01T23:00:00.000Z',
    );
  });

  it('finds what cannot be saved', () => {
    const form = settingsFormOf(activity(), ZONE);
    expect(validateSettings(form)).toEqual({});
    expect(validateSettings({ ...form, name: ' ' })).toEqual({ name: 'nameRequired' });
    expect(validateSettings({ ...form, frequencyType: 'every', frequencyDays: '' })).toEqual({
      frequencyDays: 'daysRange',
    });
    expect(validateSettings({ ...form, sendLimit: 0 })).toEqual({ sendLimit: 'sendLimitRange' });
    expect(validateSettings({ ...form, throttle: 60_001 })).toEqual({ throttle: 'throttleRange' });
    expect(validateSettings({ ...form, throttle: 2.5 })).toEqual({ throttle: 'throttleRange' });
    // The organization's ceiling for the channel (maxThrottlePerActivityType) is the throttle's maximum.
    expect(validateSettings({ ...form, throttle: 500 }, 400)).toEqual({ throttle: 'throttleRange' });
    expect(validateSettings({ ...form, throttle: 400 }, 400)).toEqual({});
    expect(
      validateSettings({ ...form, distributionType: 'event', delayAmount: 366, delayUnit: 'days' }),
    ).toEqual({ delayAmount: 'delayRange' });
    // A delay only matters to an event-triggered activity.
    expect(validateSettings({ ...form, delayAmount: 366, delayUnit: 'days' })).toEqual({});
  });

  it('tells a save that reset approval by a newer approvalResetAt', () => {
    expect(approvalWasReset({ approvalResetAt: null }, { approvalResetAt: null })).toBe(false);
    expect(approvalWasReset({ approvalResetAt: null }, { approvalResetAt: '2026-02-01T00:00:00Z' })).toBe(
      true,
    );
    expect(
      approvalWasReset(
        { approvalResetAt: '2026-02-01T00:00:00Z' },
        { approvalResetAt: '2026-02-01T00:00:00Z' },
      ),
    ).toBe(false);
  });
});
