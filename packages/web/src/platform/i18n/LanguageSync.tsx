import { useEffect } from 'react';
import { useSession } from '../session/useSession.ts';
import { chooseLanguage } from './chooseLanguage.ts';
import { applyLanguage } from './i18n.ts';
import { useTranslation } from './useTranslation.ts';

/** Keeps the interface language on the stored preference, or the browser's when there is none. */
export function LanguageSync(): null {
  const { i18n } = useTranslation();
  const preference = useSession().settings.locale;
  useEffect(() => {
    void applyLanguage(i18n, chooseLanguage(preference, navigator.languages));
    const followBrowser = () => void applyLanguage(i18n, chooseLanguage(preference, navigator.languages));
    window.addEventListener('languagechange', followBrowser);
    return () => window.removeEventListener('languagechange', followBrowser);
  }, [i18n, preference]);
  return null;
}
