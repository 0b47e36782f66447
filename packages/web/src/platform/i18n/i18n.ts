import { FALLBACK_LOCALE } from '@herald/protocol';
import type { SupportedLocale } from '@herald/protocol';
import englishSignIn from '../../locales/en.json?groups=sign-in';
import { createTranslator, NAMESPACE } from './createTranslator.ts';
import type { I18n } from './createTranslator.ts';
import type { Translations } from './translator.ts';

// English ships with the app because every other language falls back to it; the rest load when chosen.
const otherLocales: Partial<Record<SupportedLocale, () => Promise<{ default: Translations }>>> = {
  id: () => import('../../locales/id.json'),
  'zh-Hant': () => import('../../locales/zh-Hant.json'),
  'zh-Hans': () => import('../../locales/zh-Hans.json'),
  ja: () => import('../../locales/ja.json'),
};

// Only the strings of the sign-in pages (and the alerts and errors any page shows) ship with the first script
// (docs/decisions/0032-light-first-scripts.md); the rest of English loads with the first page behind sign-in
// (loadAppStrings, from lazyPage). The split is made at build time from the one en.json (localeGroups.ts).
let appStrings: Promise<void> | undefined;
let created: I18n | undefined;

/**
 * The app's translator, in English with the sign-in strings (createTranslator.ts). Strings added later (the
 * rest of English, another language) re-render what already shows: useTranslation subscribes to it.
 */
export function createI18n(): I18n {
  const instance = createTranslator(englishSignIn, FALLBACK_LOCALE);
  created = instance;
  appStrings = undefined;
  return instance;
}

/** Switches the interface language, loading its translations first, and tells the page (`<html lang>`). */
export async function applyLanguage(i18n: I18n, locale: SupportedLocale): Promise<void> {
  const load = otherLocales[locale];
  if (load && !i18n.hasResourceBundle(locale, NAMESPACE)) {
    try {
      const { default: translations } = await load();
      i18n.addResourceBundle(locale, NAMESPACE, translations, true, true);
    } catch {
      // Without its translations the language would show English anyway; the page stays usable.
    }
  }
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/**
 * Loads the English strings beyond sign-in, once; every lazily loaded page waits for it, so a page never
 * shows a key. A failed load is tried again by the next page.
 */
export function loadAppStrings(): Promise<void> {
  const instance = created;
  if (!instance) return Promise.resolve();
  appStrings ??= import('../../locales/en.json?groups=rest').then(
    ({ default: rest }) => {
      instance.addResourceBundle(FALLBACK_LOCALE, NAMESPACE, rest, true, false);
    },
    (error: unknown) => {
      appStrings = undefined;
      throw error;
    },
  );
  return appStrings;
}
