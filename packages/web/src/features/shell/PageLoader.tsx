import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * What a page shows while its code or data comes in: the outline of a page (a heading and a
 * few rows) rather than a lone spinner, so the screen takes its shape at once.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t('app.loading')} data-page-loading>
      <Skeleton height={32} width="40%" />
      <Skeleton height={16} width="70%" />
      <Skeleton height={120} />
      <Skeleton height={16} />
      <Skeleton height={16} width="85%" />
    </Stack>
  );
}
