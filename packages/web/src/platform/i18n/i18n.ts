import { FALLBACK_LOCALE } from '@herald/protocol';
import type { SupportedLocale } from '@herald/protocol';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';

type Translations = Record<string, unknown>;

// English ships with the app because every other language falls back to it; the rest load when chosen.
const otherLocales: Partial<Record<SupportedLocale, () => Promise<{ default: Translations }>>> = {
  id: () => import('../../locales/id.json'),
  'zh-Hant': () => import('../../locales/zh-Hant.json'),
  'zh-Hans': () => import('../../locales/zh-Hans.json'),
  ja: () => import('../../locales/ja.json'),
};

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [FALLBACK_LOCALE]: { translation: en } },
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
