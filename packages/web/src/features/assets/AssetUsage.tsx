import { Anchor, List, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';

/** Statistics: where an asset is used, the activities whose latest content references it. */
export function AssetUsage({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const usage = useCommand(
    organization!.channel,
    'getAssetUsage',
    organization ? { organizationId: organization.organizationId, assetId } : null,
  );
  if (usage.isPending) return <Loader size="xs" />;
  const activities = usage.data?.activities ?? [];
  if (activities.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="asset-unused">
        {t('assets.usage.none')}
      </Text>
    );
  return (
    <List size="sm" data-testid="asset-usage">
      {activities.map((activity) => (
        <List.Item key={activity.activityId}>
          <Anchor component={Link} to={`/${organization?.organizationId}/campaign/${activity.campaignId}`}>
            {activity.name}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            ({activity.type})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
