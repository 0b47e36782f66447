import { useTranslation } from '../i18n/useTranslation.ts';

/** Error text by catalogue type in the interface language; the server's English when the type is new to us. */
export function useErrorText(): (
  errorType: string,
  fallback?: string,
  values?: Record<string, unknown>,
) => string {
  const { t } = useTranslation();
  return (errorType, fallback, values) =>
    t(`errors.${errorType}`, { ...values, defaultValue: fallback ?? t('errors.ApplicationError') });
}
