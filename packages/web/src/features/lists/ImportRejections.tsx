import { Stack, Table, Text, Title } from '@mantine/core';
import type { ImportRejectionDetail } from '@herald/protocol';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useTargetLabel } from './ImportMappingStep.tsx';
import { useListsContext } from './useListsContext.ts';

/** How many rejected rows the page shows; the downloaded report has them all. */
export const SHOWN_REJECTIONS = 20;

type T = (key: string, values?: Record<string, unknown>) => string;

/**
 * A rejection's reason in the user's language, from its code and values; the server's English reason when
 * it kept none (rows rejected before codes were kept).
 */
export function rejectionReasonText(
  t: T,
  columnLabel: (column: string) => string,
  detail: ImportRejectionDetail | null,
  reason: string,
): string {
  if (!detail) return reason;
  const column = detail.column ? columnLabel(detail.column) : '';
  return t(`lists.import.rejections.reasons.${detail.code}`, {
    column,
    limit: detail.limit ?? '',
    row: detail.otherRow ?? '',
  });
}

/**
 * The first rejected rows of a finished import, with their line in the file, the refused value and why
 * (getImportRejections), under the outcome: what to fix is seen without opening the downloaded report.
 */
export function ImportRejections({ jobId, rejected }: { jobId: number; rejected: number }) {
  const { t } = useTranslation();
  const targetLabel = useTargetLabel();
  const { organization } = useListsContext();
  const loaded = useCommand(organization.channel, 'getImportRejections', {
    organizationId: organization.organizationId,
    jobId,
    limit: SHOWN_REJECTIONS,
  });
  const rows = loaded.data?.rejections ?? [];
  return (
    <Stack gap="xs" data-testid="import-rejections">
      <Title order={3} size="h5">
        {rejected > rows.length && rows.length > 0
          ? t('lists.import.rejections.titleFirst', { count: rows.length, total: rejected })
          : t('lists.import.rejections.title')}
      </Title>
      <RecordsError error={loaded.error} testId="import-rejections-error" />
      {loaded.isPending && !loaded.isError ? (
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="import-rejections-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.import.rejections.line')}</Table.Th>
                <Table.Th>{t('lists.import.rejections.value')}</Table.Th>
                <Table.Th>{t('lists.import.rejections.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.row} data-testid="import-rejection" data-row={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{row.value ?? ''}</Table.Td>
                  <Table.Td data-code={row.detail?.code ?? ''}>
                    {rejectionReasonText(t, targetLabel, row.detail, row.reason)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
