import type { ReactNode } from 'react';
import type { I18n } from './createTranslator.ts';
import { I18nContext } from './i18nContext.ts';

/** Gives the screens below the app's translator (createI18n), for useTranslation. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}
