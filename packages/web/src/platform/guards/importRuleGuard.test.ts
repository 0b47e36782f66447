import { describe, expect, it } from 'vitest';
import { importRuleGuard } from './importRuleGuard.ts';

const upload = { importRule: 'subscriberUpload', fallback: 'subscribers' } as const;
const newList = { importRule: 'newList', fallback: 'subscribers' } as const;
const rules = (value: unknown) => ({ import: { rules: value } });

describe('guard 10: import rules', () => {
  it('lets routes without an import rule through, whatever the rules', () => {
    expect(importRuleGuard({}, rules({ disallowSubscriberUpload: true }), { organizationId: 7 })).toEqual({
      kind: 'allow',
    });
  });

  it('allows everything when the organization has no rules', () => {
    expect(importRuleGuard(upload, {}, { organizationId: 7, listId: '3' })).toEqual({ kind: 'allow' });
    expect(importRuleGuard(newList, undefined, { organizationId: 7 })).toEqual({ kind: 'allow' });
  });

  it('sends an upload refused globally to the lists page with the reason', () => {
    const decision = importRuleGuard(upload, rules({ disallowSubscriberUpload: true }), {
      organizationId: 7,
      listId: '3',
    });
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/7/subscribers',
      alert: { errorType: 'SubscriberUploadNotAllowedError' },
    });
    // The wizard without a list is refused too.
    expect(
      importRuleGuard(upload, rules({ disallowSubscriberUpload: true }), { organizationId: 7 }).kind,
    ).toBe('redirect');
  });

  it('refuses upload to one list only, and reads rules stored as JSON text', () => {
    const settings = rules(JSON.stringify({ lists: { '3': { disallowSubscriberUpload: true } } }));
    expect(importRuleGuard(upload, settings, { organizationId: 7, listId: '3' }).kind).toBe('redirect');
    expect(importRuleGuard(upload, settings, { organizationId: 7, listId: '4' }).kind).toBe('allow');
    expect(importRuleGuard(upload, settings, { organizationId: 7 }).kind).toBe('allow');
  });

  it('blocks a new list when the global rule disallows new lists, and only then', () => {
    expect(importRuleGuard(newList, rules({ disallowNewLists: true }), { organizationId: 7 })).toEqual({
      kind: 'redirect',
      to: '/7/subscribers',
      alert: { errorType: 'NewListNotAllowedError' },
    });
    expect(
      importRuleGuard(newList, rules({ disallowSubscriberUpload: true }), { organizationId: 7 }).kind,
    ).toBe('allow');
  });

  it('treats unreadable rules as allowing all', () => {
    expect(importRuleGuard(upload, rules('{not json'), { organizationId: 7, listId: '1' }).kind).toBe(
      'allow',
    );
  });
});
