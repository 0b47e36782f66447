import { FALLBACK_LOCALE } from '@herald/protocol';
import type { SupportedLocale } from '@herald/protocol';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishSignIn from '../../locales/en.json?groups=sign-in';

type Translations = Record<string, unknown>;

// English ships with the app because every other language falls back to it; the rest load when chosen.
const otherLocales: Partial<Record<SupportedLocale, () => Promise<{ default: Translations }>>> = {
  id: () => import('../../locales/id.json'),
  'zh-Hant': () => import('../../locales/zh-Hant.json'),
  'zh-Hans': () => import('../../locales/zh-Hans.json'),
  ja: () => import('../../locales/ja.json'),
};

// Issue 13 §7: only the strings of the sign-in pages (and the alerts and errors any page shows) ship with the
// first script; the rest of English loads with the first page behind sign-in (loadAppStrings, from lazyPage).
// The split is made at build time from the one en.json (localeGroups.ts).
let appStrings: Promise<void> | undefined;
let created: I18n | undefined;

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  created = instance;
  appStrings = undefined;
  void instance.use(initReactI18next).init({
    resources: { [FALLBACK_LOCALE]: { translation: englishSignIn } },
    // Strings added later (the rest of English) re-render what already shows.
    react: { bindI18nStore: 'added' },
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    partialBundledLanguages: true,
    initAsync: false,
    returnEmptyString: false,
    showSupportNotice: false,
    // The error catalogue writes placeholders as {name}; using the same markers keeps English identical to it.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  });
  return instance;
}

/** Switches the interface language, loading its translations first, and tells the page (`<html lang>`). */
export async function applyLanguage(i18n: I18n, locale: SupportedLocale): Promise<void> {
  const load = otherLocales[locale];
  if (load && !i18n.hasResourceBundle(locale, 'translation')) {
    try {
      const { default: translations } = await load();
      i18n.addResourceBundle(locale, 'translation', translations, true, true);
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
      instance.addResourceBundle(FALLBACK_LOCALE, 'translation', rest, true, false);
    },
    (error: unknown) => {
      appStrings = undefined;
      throw error;
    },
  );
  return appStrings;
}
