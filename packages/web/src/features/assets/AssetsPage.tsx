import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@herald/protocol';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { ASSET_PAGE_SIZE, assetListDefinition, assetQueryFilter } from './asset.ts';
import type { Asset } from './asset.ts';
import { AssetsTabs } from './AssetsTabs.tsx';
import { AssetThumbnail } from './AssetThumbnail.tsx';

/**
 * Assets (functional §2): all, published and archived, 20 a page, as cards with thumbnails or as rows; also
 * `assets/partition/{id}` for one partition. Content editors upload one or import many.
 */
export default function AssetsPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const base = `/${organization?.organizationId ?? ''}`;
  const { canWrite } = useResourceAccess('asset');
  const name = (asset: Asset) => (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={`${base}/assets/view/${asset.id}`} fw={600} data-testid="asset-name">
        {asset.name}
      </Anchor>
      {asset.isPublished && !asset.isArchived && (
        <Badge color="teal" variant="light" size="sm" data-testid="asset-published-badge">
          {t('assets.published')}
        </Badge>
      )}
      {asset.isArchived && (
        <Badge color="gray" variant="light" size="sm">
          {t('assets.archived')}
        </Badge>
      )}
    </Group>
  );
  const facts = (asset: Asset) =>
    `${asset.fileType.toUpperCase()} · ${formatFileSize(asset.size)} · ${t(`assets.deviceTypes.${asset.deviceType}`)}`;

  return (
    <ResourceListPage
      type="asset"
      definition={assetListDefinition}
      queryFilter={assetQueryFilter}
      queryKey="assets"
      labels="assets"
      partitionRoute="assets-partition"
      item="asset"
      testId="assets-page"
      pageSize={ASSET_PAGE_SIZE}
      notice={<AssetsTabs base={base} current="assets" />}
      actions={
        canWrite && (
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={`${base}/assets/importdominos/new`}
              data-testid="import-assets"
            >
              {t('assets.import.action')}
            </Button>
            <Button component={Link} to={`${base}/assets/new`} data-testid="new-asset">
              {t('assets.new')}
            </Button>
          </Group>
        )
      }
      firstUse={
        <Stack align="center" gap="xs">
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('assets.emptyHint')}
          </Text>
          {canWrite && (
            <Button
              variant="light"
              component={Link}
              to={`${base}/assets/new`}
              data-testid="upload-first-asset"
            >
              {t('assets.uploadFirst')}
            </Button>
          )}
        </Stack>
      }
      card={(asset) => (
        <Stack gap="xs">
          <AssetThumbnail asset={asset} />
          {name(asset)}
          <Text size="xs" c="dimmed">
            {facts(asset)}
          </Text>
        </Stack>
      )}
      tableMinWidth={640}
      columns={[
        { header: t('assets.fields.name'), cell: name },
        { header: t('assets.fields.type'), cell: (asset) => asset.fileType.toUpperCase() },
        { header: t('assets.fields.size'), align: 'right', cell: (asset) => formatFileSize(asset.size) },
        {
          header: t('assets.fields.deviceType'),
          cell: (asset) => t(`assets.deviceTypes.${asset.deviceType}`),
        },
      ]}
    />
  );
}
