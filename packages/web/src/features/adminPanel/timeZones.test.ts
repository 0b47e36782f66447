import { describe, expect, it } from 'vitest';
import { settingsWithTimeZone, timeZoneChoices } from './timeZones.ts';

describe('the organization’s time zone', () => {
  it('offers UTC first, then every zone the browser knows, keeping a saved zone the list lacks', () => {
    expect(timeZoneChoices('UTC', ['Europe/Paris', 'Asia/Tokyo'])).toEqual([
      'UTC',
      'Asia/Tokyo',
      'Europe/Paris',
    ]);
    expect(timeZoneChoices('Asia/Calcutta', ['Asia/Kolkata'])).toEqual([
      'UTC',
      'Asia/Calcutta',
      'Asia/Kolkata',
    ]);
    const all = timeZoneChoices('UTC');
    expect(all).toContain('Asia/Tokyo');
    expect(new Set(all).size).toBe(all.length);
  });

  it('sends every setting back with the new zone, since the command replaces them all', () => {
    expect(
      settingsWithTimeZone(
        { currency: 'IDR', timeZone: 'UTC', maxThrottlePerActivityType: { sms: 60 } },
        'Asia/Tokyo',
      ),
    ).toEqual({ currency: 'IDR', timeZone: 'Asia/Tokyo', maxThrottlePerActivityType: { sms: 60 } });
  });
});
