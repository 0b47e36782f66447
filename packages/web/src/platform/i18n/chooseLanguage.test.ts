import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './chooseLanguage.ts';

describe('chooseLanguage', () => {
  it.each<[unknown, string[], string]>([
    // The stored preference wins.
    ['id', ['en-US'], 'id'],
    ['zh-Hant', ['en-US'], 'zh-Hant'],
    ['zh-Hans', ['zh-TW'], 'zh-Hans'],
    ['ja', [], 'ja'],
    ['en', ['id-ID'], 'en'],
    // Missing or "system": the browser languages, first match wins.
    [undefined, ['id-ID', 'en'], 'id'],
    [null, ['id'], 'id'],
    ['', ['ja-JP'], 'ja'],
    ['system', ['zh-TW'], 'zh-Hant'],
    ['system', ['zh-HK'], 'zh-Hant'],
    ['system', ['zh-MO'], 'zh-Hant'],
    ['system', ['zh-Hant-TW'], 'zh-Hant'],
    ['system', ['zh-Hant'], 'zh-Hant'],
    ['system', ['zh-CN'], 'zh-Hans'],
    ['system', ['zh-Hans-SG'], 'zh-Hans'],
    ['system', ['zh'], 'zh-Hans'],
    ['system', ['zh_TW'], 'zh-Hant'],
    ['system', ['ja'], 'ja'],
    ['system', ['en-GB', 'id'], 'en'],
    ['system', ['fr-FR', 'de', 'id-ID'], 'id'],
    // English when nothing matches.
    ['system', ['fr-FR', 'de'], 'en'],
    ['system', [], 'en'],
    [undefined, [], 'en'],
    // A preference Herald does not speak falls through to the browser.
    ['fr', ['ja'], 'ja'],
    [42, ['id'], 'id'],
    // A stored tag in another spelling still counts.
    ['zh-TW', ['en'], 'zh-Hant'],
    ['ID', ['en'], 'id'],
  ])('preference %j with browser %j → %s', (preference, browserLanguages, expected) => {
    expect(chooseLanguage(preference, browserLanguages)).toBe(expected);
  });
});
