import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  ROLE_LABELS,
  ROLES,
  SUPPORTED_LOCALES,
  SYSTEM_LOCALE_PREFERENCE,
  errorCatalogue,
} from '@herald/protocol';
import { CONNECTION_STATUSES } from '../channel/connectionState.ts';
import { createI18n } from './i18n.ts';

const sourceRoot = fileURLToPath(new URL('../..', import.meta.url));
const localesDirectory = join(sourceRoot, 'locales');

type Translations = { [key: string]: string | Translations };

function readLocale(locale: string): Translations {
  return JSON.parse(readFileSync(join(localesDirectory, `${locale}.json`), 'utf8')) as Translations;
}

/** 'a.b.c' → text, for every leaf. */
function flatten(translations: Translations, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [name, value] of Object.entries(translations)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') keys.set(key, value);
    else flatten(value, key).forEach((text, nested) => keys.set(nested, text));
  }
  return keys;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys written out in source: t('…') and i18n.t('…') calls, and route-table fields such as titleKey: '…'. */
function keysUsedInSource(): Array<[string, string]> {
  const patterns = [/\bt\(\s*['"]([^'"]+)['"]/g, /\b\w*Key:\s*['"]([^'"]+)['"]/g];
  return sourceFiles(sourceRoot).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return patterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((match): [string, string] => [
        relative(sourceRoot, file),
        match[1] ?? '',
      ]),
    );
  });
}

/** Keys built at run time from a known list (errors by type, roles, capabilities, statuses, languages). */
const keysBuiltAtRunTime = [
  ...Object.keys(errorCatalogue).map((type) => `errors.${type}`),
  ...ROLES.map((role) => `roles.${role}`),
  ...CAPABILITIES.map((capability) => `capabilities.${capability}`),
  ...CONNECTION_STATUSES.map((status) => `connection.${status}`),
  ...[SYSTEM_LOCALE_PREFERENCE, ...SUPPORTED_LOCALES].map((locale) => `languages.${locale}`),
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const english = flatten(readLocale('en'));

describe('locales', () => {
  it('finds the keys used in source', () => {
    expect(keysUsedInSource().length).toBeGreaterThan(30);
  });

  it.each(keysUsedInSource())('%s uses %s, which en.json has', (_file, key) => {
    expect(english.has(key)).toBe(true);
  });

  it.each(keysBuiltAtRunTime)('en.json has %s', (key) => {
    expect(english.get(key)).toEqual(expect.any(String));
  });

  it('English error messages are the catalogue, word for word', () => {
    const fromLocale = Object.fromEntries(
      Object.keys(errorCatalogue).map((type) => [type, english.get(`errors.${type}`)]),
    );
    expect(fromLocale).toEqual(errorCatalogue);
  });

  it('English role names are the contract labels', () => {
    const fromLocale = Object.fromEntries(ROLES.map((role) => [role, english.get(`roles.${role}`)]));
    expect(fromLocale).toEqual(ROLE_LABELS);
  });

  it('there is a file for every supported locale and no other', () => {
    const files = readdirSync(localesDirectory).map((name) => name.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))(
    '%s has only keys that en.json has, with the same placeholders',
    (locale) => {
      const translated = flatten(readLocale(locale));
      const unknown = [...translated.keys()].filter((key) => !english.has(key));
      expect(unknown).toEqual([]);
      const mismatched = [...translated].filter(
        ([key, text]) => placeholders(text).join() !== placeholders(english.get(key) ?? '').join(),
      );
      expect(mismatched).toEqual([]);
    },
  );

  it('fills placeholders written as the catalogue writes them, and falls back to English', async () => {
    const i18n = createI18n();
    expect(i18n.t('errors.AccessToNotAllowedError', { title: 'Rules' })).toBe('Access to Rules not allowed');
    await i18n.changeLanguage('ja');
    expect(i18n.t('login.submit')).toBe('Sign in');
  });
});
