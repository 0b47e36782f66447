import { FALLBACK_LOCALE } from '@herald/protocol';
import { mergeTranslations } from './mergeTranslations.ts';
import { translate } from './translator.ts';
import type { TFunction, Translations } from './translator.ts';

/** The one namespace Herald uses; kept in the calls so they read as they did with i18next. */
export const NAMESPACE = 'translation';

/**
 * The interface language and the strings loaded so far: the part of i18next's instance Herald used, under the
 * same names, so screens and tests call it as before.
 */
export interface I18n {
  /** The interface language, e.g. 'ja'; any tag may be set, and what it lacks reads in English. */
  readonly language: string;
  /**
   * Text by dotted key in the interface language (translator.ts). A new function after every change, so a
   * component's memo and effect dependencies on it see the change; any of them reads the current strings.
   */
  readonly t: TFunction;
  /** Async like i18next's, so callers await it; the strings must have been added first (applyLanguage). */
  changeLanguage(locale: string): Promise<void>;
  /**
   * Adds a locale's strings. `deep` merges group by group (else the top-level groups are replaced); `overwrite`
   * says whether a text already there gives way.
   */
  addResourceBundle(
    locale: string,
    namespace: string,
    data: Translations,
    deep?: boolean,
    overwrite?: boolean,
  ): I18n;
  hasResourceBundle(locale: string, namespace: string): boolean;
  /** Calls `listener` after every change of language or strings; answers the unsubscribe. For React's store hook. */
  subscribe(listener: () => void): () => void;
}

/** A translator reading `initial` as English, in English. */
export function createTranslator(initial: Translations, language: string = FALLBACK_LOCALE): I18n {
  // Keyed 'locale/namespace'; a bundle is replaced, never changed in place (mergeTranslations).
  const bundles = new Map<string, Translations>([[bundleKey(FALLBACK_LOCALE, NAMESPACE), initial]]);
  const listeners = new Set<() => void>();
  let current = language;

  // Reads the state when called, not when made: a `t` kept by a callback (a toast after a save) still speaks
  // the language of the moment.
  const makeT = (): TFunction => (key, options) =>
    translate(
      [bundles.get(bundleKey(current, NAMESPACE)), bundles.get(bundleKey(FALLBACK_LOCALE, NAMESPACE))],
      key,
      options,
    );
  let t = makeT();

  const changed = () => {
    t = makeT();
    // A copy: a listener may unsubscribe (a component unmounting) while others are told.
    for (const listener of [...listeners]) listener();
  };

  const i18n: I18n = {
    get language() {
      return current;
    },
    get t() {
      return t;
    },
    changeLanguage(locale) {
      if (locale !== current) {
        current = locale;
        changed();
      }
      return Promise.resolve();
    },
    addResourceBundle(locale, namespace, data, deep = false, overwrite = false) {
      const key = bundleKey(locale, namespace);
      const existing = bundles.get(key) ?? {};
      // Shallow, as i18next: the new top-level groups replace the old ones whatever `overwrite` says.
      bundles.set(key, deep ? mergeTranslations(existing, data, overwrite) : { ...existing, ...data });
      changed();
      return i18n;
    },
    hasResourceBundle(locale, namespace) {
      return bundles.has(bundleKey(locale, namespace));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return i18n;
}

function bundleKey(locale: string, namespace: string): string {
  return `${locale}/${namespace}`;
}
