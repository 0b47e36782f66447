import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecord } from '../../platform/list/useRecords.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { CampaignActivities } from '../activities/CampaignActivities.tsx';
import { isoToday } from './campaign.ts';
import { CampaignStateBadge } from './CampaignsPage.tsx';

/**
 * A campaign's own page, `campaign/{campaignId}`: its details and its activities, with `campaign/{campaignId}/new`
 * (a new activity) shown over it.
 */
export default function CampaignPage() {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const { campaignId } = useParams();
  const id = campaignId && /^\d+$/.test(campaignId) ? Number(campaignId) : null;
  const loaded = useRecord('campaign', id);
  const campaign = loaded.record;
  const editable = useResourceAccess('campaign').canWrite;
  const base = `/${organization?.organizationId ?? ''}`;

  if (id !== null && !campaign && (loaded.isPending || loaded.isFetching)) {
    return (
      <Stack data-testid="campaign-page-loading">
        <Skeleton height={32} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (!campaign) {
    return (
      <Stack>
        <RecordsError error={loaded.error} testId="campaign-error" />
        <Alert color="yellow" data-testid="campaign-not-found">
          {t('campaigns.notFound')}
        </Alert>
        <Anchor component={Link} to={`${base}/campaigns`}>
          {t('campaigns.backToList')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack data-testid="campaign-page" data-campaign-id={campaign.id}>
      <Anchor component={Link} to={`${base}/campaigns`} size="sm">
        {t('campaigns.backToList')}
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={1} data-testid="campaign-title">
            {campaign.name}
          </Title>
          <CampaignStateBadge campaign={campaign} today={isoToday()} />
        </Group>
        <Button component={Link} to={`${base}/campaigns/${campaign.id}`} variant="light">
          {editable ? t('campaigns.edit') : t('campaigns.view')}
        </Button>
      </Group>
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            <b>{t('campaigns.fields.startDate')}:</b> {displayDate(campaign.startDate, i18n.language)}
          </Text>
          <Text size="sm">
            <b>{t('campaigns.fields.endDate')}:</b>{' '}
            {campaign.endDate ? displayDate(campaign.endDate, i18n.language) : t('campaigns.noEndDate')}
          </Text>
          {campaign.details && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="campaign-details">
              {campaign.details}
            </Text>
          )}
          {campaign.notes && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {campaign.notes}
            </Text>
          )}
        </Stack>
      </Card>
      <CampaignActivities
        organizationId={organization?.organizationId ?? 0}
        campaignId={campaign.id}
        campaignArchived={campaign.isArchived}
      />
    </Stack>
  );
}
