import { useContext, useMemo, useSyncExternalStore } from 'react';
import type { I18n } from './createTranslator.ts';
import { I18nContext } from './i18nContext.ts';
import type { TFunction } from './translator.ts';

/**
 * `{ t, i18n }`, as react-i18next answered, so screens changed only their import. The component renders again
 * when the language changes or strings arrive (the rest of English after sign-in, another language on
 * demand): `t` is the store's snapshot, a new function after each change.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const current = () => i18n.t;
  // The same snapshot for a server render (the unit tests render to a string; the app renders in the browser).
  const t = useSyncExternalStore(i18n.subscribe, current, current);
  return useMemo(() => ({ t, i18n }), [t, i18n]);
}
