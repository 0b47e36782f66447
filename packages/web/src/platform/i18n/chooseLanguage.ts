import { FALLBACK_LOCALE, SUPPORTED_LOCALES, SYSTEM_LOCALE_PREFERENCE } from '@herald/protocol';
import type { SupportedLocale } from '@herald/protocol';

/**
 * The supported locale a language tag stands for, or null. Chinese is split by script: Taiwan, Hong Kong,
 * Macau and an explicit Hant script read Traditional; any other Chinese reads Simplified.
 */
export function localeForLanguageTag(tag: string): SupportedLocale | null {
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const subtags = tag.toLowerCase().split(/[-_]/);
  const [language] = subtags;
  switch (language) {
    case 'en':
      return 'en';
    case 'id':
      return 'id';
    case 'ja':
      return 'ja';
    case 'zh':
      return subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag)) ? 'zh-Hant' : 'zh-Hans';
    default:
      return null;
  }
}

/**
 * Platform §1: the stored preference wins; when it is missing or "system", the first browser language Herald
 * speaks; English otherwise.
 */
export function chooseLanguage(preference: unknown, browserLanguages: readonly string[]): SupportedLocale {
  if (typeof preference === 'string' && preference && preference !== SYSTEM_LOCALE_PREFERENCE) {
    const preferred = localeForLanguageTag(preference);
    if (preferred) return preferred;
  }
  for (const tag of browserLanguages) {
    const locale = localeForLanguageTag(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}
