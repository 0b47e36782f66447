import { describe, expect, it } from 'vitest';
import { isQuietTime, isSuppressed, messagingRulesOf } from './messaging-rules.ts';

describe('messaging rules', () => {
  const rules = messagingRulesOf({
    messaging: {
      rules: {
        quietHours: { sms: { start: '21:00', end: '08:00' }, email: { start: '12:00', end: '13:00' } },
        suppression: ['Competitor.example', '@rival.example', 'ceo@partner.example'],
      },
    },
  });

  it('keeps quiet hours that run past midnight and ones within a day', () => {
    expect(isQuietTime(rules, 'sms', 21 * 60)).toBe(true);
    expect(isQuietTime(rules, 'sms', 7 * 60 + 59)).toBe(true);
    expect(isQuietTime(rules, 'sms', 8 * 60)).toBe(false);
    expect(isQuietTime(rules, 'email', 12 * 60 + 30)).toBe(true);
    expect(isQuietTime(rules, 'email', 13 * 60)).toBe(false);
    expect(isQuietTime(rules, 'line', 3 * 60)).toBe(false);
  });

  it('suppresses addresses and whole domains, whatever the case', () => {
    expect(isSuppressed(rules, 'anyone@COMPETITOR.example')).toBe(true);
    expect(isSuppressed(rules, 'x@rival.example')).toBe(true);
    expect(isSuppressed(rules, 'ceo@partner.example')).toBe(true);
    expect(isSuppressed(rules, 'cfo@partner.example')).toBe(false);
    expect(isSuppressed(rules, 'x@sub.rival.example')).toBe(false);
  });

  it('reads missing or malformed rules as none', () => {
    expect(messagingRulesOf({})).toEqual({ quietHours: {}, frequencyCap: null, suppression: [] });
    expect(messagingRulesOf({ messaging: { rules: { suppression: 'nope' } } }).suppression).toEqual([]);
  });
});
