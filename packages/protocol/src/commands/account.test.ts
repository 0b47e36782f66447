import { describe, expect, it } from 'vitest';
import { accountCommands, USER_SETTINGS_MAX_BYTES } from './account.ts';

const settingsOf = (settings: unknown) =>
  accountCommands.updateUserSettings.params.safeParse({ sessionId: 's', settings });

describe('updateUserSettings params', () => {
  it('parses the JSON string into the settings object, keeping keys Herald does not read', () => {
    const parsed = settingsOf(
      '{"locale":"zh-Hant","advanced":{"featureKeys":"a\\n!b","x":1},"theme":"dark"}',
    );
    expect(parsed.success && parsed.data.settings).toEqual({
      locale: 'zh-Hant',
      advanced: { featureKeys: 'a\n!b', x: 1 },
      theme: 'dark',
    });
  });

  it.each([
    ['not JSON', '{', ['settings']],
    ['an array', '[]', ['settings']],
    ['a string', '"en"', ['settings']],
    ['an unknown locale', '{"locale":"fr"}', ['settings', 'locale']],
    ['featureKeys not text', '{"advanced":{"featureKeys":["a"]}}', ['settings', 'advanced', 'featureKeys']],
    ['not a string', { locale: 'en' }, ['settings']],
  ])('refuses %s', (_label, settings, path) => {
    const parsed = settingsOf(settings);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  });

  it('counts the size in UTF-8 bytes', () => {
    const fits = JSON.stringify({ note: 'x'.repeat(USER_SETTINGS_MAX_BYTES - 20) });
    expect(settingsOf(fits).success).toBe(true);
    // Three bytes a character: a third as many characters already goes over.
    const tooLarge = JSON.stringify({ note: '語'.repeat(USER_SETTINGS_MAX_BYTES / 3 + 10) });
    expect(settingsOf(tooLarge).success).toBe(false);
  });
});
