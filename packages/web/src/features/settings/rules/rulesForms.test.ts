import { describe, expect, it } from 'vitest';
import {
  messagingFormOf,
  messagingRulesOfForm,
  parseSuppression,
  settingsWithImportRules,
  settingsWithMessagingRules,
  suppressionLineOf,
} from './rulesForms.ts';

describe('the suppression list as typed', () => {
  it('keeps addresses and domains, lower-cased, once each, and names the lines that are neither', () => {
    const parsed = parseSuppression(
      'Ann@Example.com\n\n  rival.example \nnot an address\n@spam.example\nann@example.com',
    );
    expect(parsed.entries).toEqual(['ann@example.com', 'rival.example', '@spam.example']);
    expect(parsed.lines).toEqual([1, 3, 5]);
    expect(parsed.invalidLines).toEqual([{ line: 4, text: 'not an address' }]);
    expect(parsed.tooMany).toBe(false);
    expect(suppressionLineOf('settings.messaging.rules.suppression.2', parsed)).toBe(5);
    expect(suppressionLineOf('settings.messaging.rules.frequencyCap', parsed)).toBeUndefined();
  });

  it('is too long past 10,000 entries', () => {
    const text = Array.from({ length: 10_001 }, (_, index) => `a${index}@example.com`).join('\n');
    expect(parseSuppression(text).tooMany).toBe(true);
  });
});

describe('the messaging rules form', () => {
  it('round-trips the stored rules', () => {
    const rules = {
      quietHours: { sms: { start: '21:00', end: '08:00' } },
      frequencyCap: { messages: 2, per: 'day' as const },
      suppression: ['rival.example'],
    };
    const form = messagingFormOf(rules);
    expect(form.quietHours.email.enabled).toBe(false);
    expect(form.quietHours.sms).toEqual({ enabled: true, start: '21:00', end: '08:00' });
    expect(messagingRulesOfForm(form)).toEqual(rules);
    expect(messagingRulesOfForm({ ...form, capEnabled: false }).frequencyCap).toBeNull();
  });

  it('keeps the other settings when writing rules', () => {
    const current = { timeZone: 'Asia/Tokyo', messaging: { note: 'kept' }, import: { other: 1 } };
    expect(
      settingsWithMessagingRules(current, { quietHours: {}, frequencyCap: null, suppression: [] }),
    ).toEqual({
      timeZone: 'Asia/Tokyo',
      messaging: { note: 'kept', rules: { quietHours: {}, frequencyCap: null, suppression: [] } },
      import: { other: 1 },
    });
    expect(
      settingsWithImportRules(current, {
        disallowSubscriberUpload: false,
        disallowNewLists: true,
        lists: { '4': { disallowSubscriberUpload: true }, '5': { disallowSubscriberUpload: false } },
      }).import,
    ).toEqual({
      other: 1,
      rules: {
        disallowSubscriberUpload: false,
        disallowNewLists: true,
        lists: { '4': { disallowSubscriberUpload: true } },
      },
    });
  });
});
