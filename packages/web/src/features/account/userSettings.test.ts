import { describe, expect, it } from 'vitest';
import { parseSettings, recoveryCodesText, settingsJson } from './userSettings.ts';

describe('settingsJson', () => {
  it('writes the change over the settings the server has, keeping the rest', () => {
    const current = { locale: 'en', advanced: { enableBetaFeatures: true, featureKeys: 'a' } };
    expect(JSON.parse(settingsJson(current, { locale: 'id' }))).toEqual({
      locale: 'id',
      advanced: { enableBetaFeatures: true, featureKeys: 'a' },
    });
  });

  it('adds a setting to none', () => {
    expect(settingsJson({}, { locale: 'system' })).toBe('{"locale":"system"}');
  });

  it('removes a key set to undefined', () => {
    expect(settingsJson({ locale: 'ja', theme: 'dark' }, { theme: undefined })).toBe('{"locale":"ja"}');
  });

  it('does not change the object it was given', () => {
    const current = { locale: 'en' };
    settingsJson(current, { locale: 'id' });
    expect(current).toEqual({ locale: 'en' });
  });
});

describe('parseSettings', () => {
  it.each<[unknown, Record<string, unknown> | null]>([
    [{ locale: 'id' }, { locale: 'id' }],
    ['{"locale":"id"}', { locale: 'id' }],
    ['not json', null],
    ['[1]', null],
    [null, null],
    [4, null],
  ])('%j → %j', (value, expected) => {
    expect(parseSettings(value)).toEqual(expected);
  });
});

describe('recoveryCodesText', () => {
  it('has the heading, a blank line and one code a line', () => {
    expect(recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'], ['Codes for ana@example.com'])).toBe(
      'Codes for ana@example.com\n\naaaa-bbbb\ncccc-dddd\n',
    );
  });
});
