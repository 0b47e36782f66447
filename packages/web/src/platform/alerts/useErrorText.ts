import { useTranslation } from '../i18n/useTranslation.ts';
import { errorValuesOf } from './errorValues.ts';

/**
 * Error text by catalogue type in the interface language; the server's English when the type is new to us.
 * Without `values`, the placeholders are filled from the server's English message (the wire carries the
 * message, not its values), so "{outside} of them" reads "12 of them" in every language.
 */
export function useErrorText(): (
  errorType: string,
  fallback?: string,
  values?: Record<string, unknown>,
) => string {
  const { t } = useTranslation();
  return (errorType, fallback, values) =>
    t(`errors.${errorType}`, {
      ...(values ?? (fallback ? errorValuesOf(errorType, fallback) : {})),
      defaultValue: fallback ?? t('errors.ApplicationError'),
    });
}
