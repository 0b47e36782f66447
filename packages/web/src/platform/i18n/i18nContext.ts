import { createContext } from 'react';
import type { I18n } from './createTranslator.ts';

/** The app's translator, for useTranslation; null outside I18nProvider, which is a mistake the hook names. */
export const I18nContext = createContext<I18n | null>(null);
