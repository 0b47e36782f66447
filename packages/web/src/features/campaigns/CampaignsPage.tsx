import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { campaignStateOf } from '@herald/protocol';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useOverlayLink } from '../../platform/overlay/overlay.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { campaignListDefinition, campaignQueryFilter, isoToday } from './campaign.ts';
import type { Campaign } from './campaign.ts';

export const CAMPAIGNS_PARTITION_ROUTE = 'campaigns-partition';

/** Campaigns (functional §2): the list with its filters, also `campaigns/partition/{id}` for one partition. */
export default function CampaignsPage() {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const overlayLink = useOverlayLink();
  const editable = useResourceAccess('campaign').canWrite;
  const base = `/${organization?.organizationId ?? ''}`;
  const today = isoToday();
  const nameLink = (campaign: Campaign) => (
    <Anchor component={Link} to={overlayLink(`${base}/campaigns/${campaign.id}`)} data-testid="campaign-name">
      {campaign.name}
    </Anchor>
  );
  const pageLink = (campaign: Campaign) => (
    <Anchor component={Link} to={`${base}/campaign/${campaign.id}`} size="sm">
      {t('campaigns.open')}
    </Anchor>
  );

  return (
    <ResourceListPage
      type="campaign"
      definition={campaignListDefinition}
      queryFilter={campaignQueryFilter}
      queryKey="campaigns-list"
      labels="campaigns"
      partitionRoute={CAMPAIGNS_PARTITION_ROUTE}
      item="campaign"
      testId="campaigns-page"
      actions={
        editable && (
          <Button component={Link} to={overlayLink(`${base}/campaigns/new`)} data-testid="new-campaign">
            {t('campaigns.new')}
          </Button>
        )
      }
      firstUse={
        editable && (
          <Button component={Link} to={overlayLink(`${base}/campaigns/new`)} variant="light">
            {t('campaigns.createFirst')}
          </Button>
        )
      }
      card={(campaign) => (
        <>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Anchor
              component={Link}
              to={overlayLink(`${base}/campaigns/${campaign.id}`)}
              fw={600}
              data-testid="campaign-name"
            >
              {campaign.name}
            </Anchor>
            <CampaignStateBadge campaign={campaign} today={today} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="campaign-dates">
            {campaignDates(campaign, i18n.language)}
          </Text>
          {campaign.details && (
            <Text size="sm" lineClamp={2} mt="xs">
              {campaign.details}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            {pageLink(campaign)}
          </Group>
        </>
      )}
      tableMinWidth={640}
      columns={[
        { header: t('campaigns.fields.id'), cell: (campaign) => campaign.id },
        { header: t('campaigns.fields.name'), cell: nameLink },
        { header: t('campaigns.fields.startDate'), cell: (campaign) => campaign.startDate },
        { header: t('campaigns.fields.endDate'), cell: (campaign) => campaign.endDate ?? '' },
        {
          header: t('campaigns.fields.status'),
          cell: (campaign) => <CampaignStateBadge campaign={campaign} today={today} />,
        },
        { header: null, cell: pageLink },
      ]}
    />
  );
}

export function CampaignStateBadge({ campaign, today }: { campaign: Campaign; today: string }) {
  const { t } = useTranslation();
  const state = campaignStateOf(campaign, today);
  const color = { active: 'teal', upcoming: 'blue', completed: 'gray', archived: 'dark' }[state];
  return (
    <Badge color={color} variant="light" data-testid="campaign-state" data-state={state}>
      {t(`campaigns.states.${state}`)}
    </Badge>
  );
}

/** The campaign's dates in the one display format (platform/dates). */
function campaignDates(campaign: Campaign, locale: string): string {
  const start = displayDate(campaign.startDate, locale);
  return campaign.endDate ? `${start} – ${displayDate(campaign.endDate, locale)}` : `${start} –`;
}
