import { describe, expect, it } from 'vitest';
import { importRulesOf, subscriberUploadAllowed } from './import-rules.ts';

const allowAll = { disallowSubscriberUpload: false, disallowNewLists: false, lists: {} };

describe('importRulesOf', () => {
  it('reads the rules stored as an object or as JSON text', () => {
    const rules = { disallowNewLists: true, lists: { '12': { disallowSubscriberUpload: true } } };
    const expected = {
      disallowSubscriberUpload: false,
      disallowNewLists: true,
      lists: { '12': { disallowSubscriberUpload: true } },
    };
    expect(importRulesOf({ import: { rules } })).toEqual(expected);
    expect(importRulesOf({ import: { rules: JSON.stringify(rules) } })).toEqual(expected);
  });

  it('allows everything when the rules are missing or malformed in any part', () => {
    expect(importRulesOf(undefined)).toEqual(allowAll);
    expect(importRulesOf({})).toEqual(allowAll);
    expect(importRulesOf({ import: 'rules' })).toEqual(allowAll);
    expect(importRulesOf({ import: { rules: '{not json' } })).toEqual(allowAll);
    expect(importRulesOf({ import: { rules: [] } })).toEqual(allowAll);
    expect(importRulesOf({ import: { rules: { disallowNewLists: 'yes' } } })).toEqual(allowAll);
    expect(importRulesOf({ import: { rules: { disallowNewLists: true, lists: [] } } })).toEqual(allowAll);
    expect(
      importRulesOf({
        import: { rules: { disallowNewLists: true, lists: { '3': { disallowSubscriberUpload: 1 } } } },
      }),
    ).toEqual(allowAll);
  });

  it('keeps only the rules it knows', () => {
    expect(
      importRulesOf({
        import: { rules: { other: 1, lists: { '4': { disallowSubscriberUpload: true, x: 2 } } } },
      }),
    ).toEqual({ ...allowAll, lists: { '4': { disallowSubscriberUpload: true } } });
  });
});

describe('subscriberUploadAllowed', () => {
  it('refuses globally or for a list its rule names', () => {
    const rules = importRulesOf({
      import: { rules: { lists: { '7': { disallowSubscriberUpload: true } } } },
    });
    expect(subscriberUploadAllowed(rules)).toBe(true);
    expect(subscriberUploadAllowed(rules, 7)).toBe(false);
    expect(subscriberUploadAllowed(rules, 8)).toBe(true);
    expect(subscriberUploadAllowed({ ...rules, disallowSubscriberUpload: true }, 8)).toBe(false);
  });
});
