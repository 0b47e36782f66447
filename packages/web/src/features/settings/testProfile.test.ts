import { describe, expect, it } from 'vitest';
import {
  checkTestProfile,
  emptyTestProfile,
  settingsWithTestProfile,
  testProfileFrom,
} from './testProfile.ts';

const ana = { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', mobile: '+61 400 000 000' };

describe('testProfileFrom', () => {
  it('reads the test profile kept in the settings', () => {
    expect(testProfileFrom({ locale: 'en', testProfile: ana })).toEqual(ana);
  });

  it.each<[string, Record<string, unknown> | null | undefined]>([
    ['no settings', undefined],
    ['null settings', null],
    ['no test profile', { locale: 'en' }],
    ['a test profile that is no object', { testProfile: 'Ana' }],
    ['a test profile that is a list', { testProfile: ['Ana'] }],
  ])('%s: every field empty', (_case, settings) => {
    expect(testProfileFrom(settings)).toEqual(emptyTestProfile);
  });

  it('leaves out fields that are missing or not text', () => {
    expect(testProfileFrom({ testProfile: { firstName: 'Ana', mobile: 400, extra: 'x' } })).toEqual({
      ...emptyTestProfile,
      firstName: 'Ana',
    });
  });
});

describe('checkTestProfile', () => {
  it('accepts a full profile, trimmed as it is sent', () => {
    expect(
      checkTestProfile({
        firstName: '  Ana ',
        lastName: 'Lima  ',
        email: ' ana@example.com ',
        mobile: ' +61 400 000 000 ',
      }),
    ).toEqual({ ok: true, profile: ana });
  });

  it('accepts an empty profile', () => {
    expect(checkTestProfile(emptyTestProfile)).toEqual({ ok: true, profile: emptyTestProfile });
  });

  it('refuses an address that is no e-mail address', () => {
    expect(checkTestProfile({ ...ana, email: 'ana@' })).toEqual({
      ok: false,
      errors: { email: { key: 'invalidEmail' } },
    });
  });

  it('refuses a mobile with letters', () => {
    expect(checkTestProfile({ ...ana, mobile: '0400 abc' })).toEqual({
      ok: false,
      errors: { mobile: { key: 'invalidMobile' } },
    });
  });

  it('refuses fields that are too long, naming the limit, and reports each field once', () => {
    expect(checkTestProfile({ ...ana, firstName: 'a'.repeat(101), mobile: `${'1'.repeat(32)}x` })).toEqual({
      ok: false,
      errors: {
        firstName: { key: 'tooLong', values: { max: 100 } },
        mobile: { key: 'tooLong', values: { max: 32 } },
      },
    });
  });
});

describe('settingsWithTestProfile', () => {
  it('replaces the test profile and keeps every other setting', () => {
    const current = {
      locale: 'id',
      advanced: { enableBetaFeatures: true, featureKeys: 'a\n!b' },
      theme: 'dark',
      testProfile: { firstName: 'Old', lastName: '', email: '', mobile: '' },
    };
    expect(settingsWithTestProfile(current, ana)).toEqual({
      locale: 'id',
      advanced: { enableBetaFeatures: true, featureKeys: 'a\n!b' },
      theme: 'dark',
      testProfile: ana,
    });
  });

  it('adds a test profile to settings that had none', () => {
    expect(settingsWithTestProfile({}, ana)).toEqual({ testProfile: ana });
  });

  it('does not change the objects it was given', () => {
    const current = { locale: 'en' };
    const profile = { ...ana };
    const result = settingsWithTestProfile(current, profile);
    expect(current).toEqual({ locale: 'en' });
    expect(result.testProfile).not.toBe(profile);
  });
});
