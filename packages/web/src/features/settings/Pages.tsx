import { Pagination } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { pageCount } from './accessForms.ts';

/** Paging for a list read PAGE_LIMIT records at a time; nothing when everything fits on one page. */
export function Pages({
  total,
  page,
  onChange,
  testId,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (total <= PAGE_LIMIT) return null;
  return (
    <Pagination
      total={pageCount(total, PAGE_LIMIT)}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({
        'aria-label': {
          previous: t('common.previousPage'),
          next: t('common.nextPage'),
          first: t('common.firstPage'),
          last: t('common.lastPage'),
        }[control],
      })}
      getItemProps={(item) => ({ 'aria-label': t('common.page', { page: item }) })}
      data-testid={testId}
    />
  );
}
