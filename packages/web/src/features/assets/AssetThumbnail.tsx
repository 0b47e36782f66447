import { Center, Text } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { Asset } from './asset.ts';

/** An image's thumbnail (its preview address, so unpublished ones show too); a snippet's label. */
export function AssetThumbnail({ asset, height = 120 }: { asset: Asset; height?: number }) {
  const { t } = useTranslation();
  if (asset.kind === 'image')
    return (
      <Center h={height} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4, overflow: 'hidden' }}>
        <img
          src={asset.previewPath}
          alt={asset.altText}
          loading="lazy"
          style={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain' }}
          data-testid="asset-thumbnail"
        />
      </Center>
    );
  return (
    <Center h={height} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4 }}>
      <Text size="sm" c="dimmed" ff="monospace">
        {t('assets.htmlSnippet')}
      </Text>
    </Center>
  );
}
