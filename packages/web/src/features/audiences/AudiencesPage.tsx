import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
import { Link } from 'react-router';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import { AudienceStatusBadge } from './AudienceStatusBadge.tsx';
import { audienceListDefinition, audienceQueryFilter } from './audience.ts';
import type { Audience } from './audience.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

export const AUDIENCES_PARTITION_ROUTE = 'audiences-partition';

/** Audiences (functional §3), also `audiences/partition/{id}` for one partition's audiences. */
export default function AudiencesPage() {
  const { t, i18n } = useTranslation();
  const { base, canManage } = useAudiencesContext();
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
  const size = (audience: Audience) => (audience.size === null ? '—' : formatNumber(audience.size));
  const nameLink = (audience: Audience, bold = false) => (
    <Anchor
      component={Link}
      to={`${base}/audiences/view/${audience.id}`}
      fw={bold ? 600 : undefined}
      data-testid="audience-name"
    >
      {audience.name}
    </Anchor>
  );
  const reportLink = (audience: Audience) => (
    <Anchor component={Link} to={`${base}/audiences/report/${audience.id}`} size="sm">
      {t('audiences.report')}
    </Anchor>
  );

  return (
    <ResourceListPage
      type="audience"
      definition={audienceListDefinition}
      queryFilter={audienceQueryFilter}
      queryKey="audiences"
      labels="audiences"
      partitionRoute={AUDIENCES_PARTITION_ROUTE}
      item="audience"
      testId="audiences-page"
      archive
      actions={
        canManage && (
          <Button component={Link} to={`${base}/audiences/new`} data-testid="new-audience">
            {t('audiences.new')}
          </Button>
        )
      }
      firstUse={
        <>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('audiences.emptyHint')}
          </Text>
          {canManage && (
            <Button component={Link} to={`${base}/audiences/new`} variant="light">
              {t('audiences.createFirst')}
            </Button>
          )}
        </>
      }
      card={(audience) => (
        <>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            {nameLink(audience, true)}
            <AudienceStatusBadge status={audience.status} />
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2} ff="monospace" title={audience.targetText}>
            {audience.targetText}
          </Text>
          <Group gap="lg" mt="sm" justify="space-between">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('audiences.fields.size')}
              </Text>
              <Text fw={600} data-testid="audience-size" title={String(audience.size ?? '')}>
                {size(audience)}
              </Text>
            </Stack>
            {reportLink(audience)}
          </Group>
          <Text size="xs" c="dimmed" mt="sm">
            {t('audiences.generatedAtValue', { date: date(audience.generatedAt) })}
          </Text>
        </>
      )}
      tableMinWidth={720}
      columns={[
        {
          header: t('audiences.fields.name'),
          cell: (audience) => (
            <>
              {nameLink(audience)}
              {audience.isArchived && (
                <Text span size="xs" c="dimmed" ml="xs">
                  {t('audiences.archived')}
                </Text>
              )}
            </>
          ),
        },
        {
          header: t('audiences.fields.status'),
          cell: (audience) => <AudienceStatusBadge status={audience.status} />,
        },
        {
          header: t('audiences.fields.size'),
          align: 'right',
          cell: size,
          cellProps: (audience) => ({ 'data-testid': 'audience-size', title: String(audience.size ?? '') }),
        },
        { header: t('audiences.fields.generatedAt'), cell: (audience) => date(audience.generatedAt) },
        { header: t('audiences.fields.updatedAt'), cell: (audience) => date(audience.updatedAt) },
        { header: t('audiences.report'), cell: reportLink },
      ]}
    />
  );
}
