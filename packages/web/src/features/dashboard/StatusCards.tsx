import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardStats } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { Figure } from '../../platform/numbers/Figure.tsx';
import { CAMPAIGN_ROWS, IMPORT_ROWS, statusRows } from './stats.ts';

/** Imports and campaigns by status. */
export function StatusCards({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ByStatus
        testId="dashboard-imports"
        title={t('dashboard.imports')}
        total={stats.imports.total}
        rows={statusRows(stats.imports.byStatus, IMPORT_ROWS)}
        label={(status) => t(`dashboard.importStatus.${status}`, { defaultValue: status })}
        empty={t('dashboard.noImports')}
      />
      <ByStatus
        testId="dashboard-campaigns"
        title={t('dashboard.campaigns')}
        total={stats.campaigns.total}
        rows={statusRows(stats.campaigns.byStatus, CAMPAIGN_ROWS)}
        label={(status) => t(`dashboard.campaignStatus.${status}`, { defaultValue: status })}
        empty={t('dashboard.noCampaigns')}
        note={t('dashboard.campaignsArchivedNote')}
      />
    </SimpleGrid>
  );
}

function ByStatus({
  testId,
  title,
  total,
  rows,
  label,
  empty,
  note,
}: {
  testId: string;
  title: string;
  total: number;
  rows: Array<{ status: string; count: number }>;
  label: (status: string) => string;
  empty: string;
  note?: string;
}) {
  const { t } = useTranslation();
  const headingId = `${testId}-title`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('dashboard.total')} <Figure value={total} fw={700} data-testid={`${testId}-total`} />
        </Text>
      </Group>
      {total === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap={4}>
          {rows.map((row) => (
            <Group
              key={row.status}
              justify="space-between"
              data-testid={`${testId}-row`}
              data-status={row.status}
            >
              <Text size="sm">{label(row.status)}</Text>
              <Figure value={row.count} size="sm" fw={600} />
            </Group>
          ))}
        </Stack>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt="sm">
          {note}
        </Text>
      )}
    </Paper>
  );
}
