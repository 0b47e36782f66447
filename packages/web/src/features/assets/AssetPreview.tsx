import { Center, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { Asset } from './asset.ts';

/** The widths a preview takes: a desktop mail pane and a phone. */
const DEVICE_WIDTHS = { desktop: 640, mobile: 375 } as const;
type PreviewDevice = keyof typeof DEVICE_WIDTHS;

/**
 * An asset as it will look on a desktop or a phone (functional §2: preview desktop or mobile). An image is an
 * <img>; an HTML snippet is fetched and shown in an iframe with an empty `sandbox` (no script, no forms, an
 * opaque origin), on top of the CSP sandbox the server sends with it.
 */
export function AssetPreview({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<PreviewDevice>(asset.deviceType === 'mobile' ? 'mobile' : 'desktop');
  const snippet = useQuery({
    queryKey: ['asset-snippet', asset.previewPath],
    queryFn: async () => {
      const response = await fetch(asset.previewPath);
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    },
    enabled: asset.kind === 'html',
  });
  const width = DEVICE_WIDTHS[device];
  return (
    <Stack gap="xs" data-testid="asset-preview">
      <SegmentedControl
        value={device}
        onChange={(value) => setDevice(value as PreviewDevice)}
        data={[
          { value: 'desktop', label: t('assets.preview.desktop') },
          { value: 'mobile', label: t('assets.preview.mobile') },
        ]}
        aria-label={t('assets.preview.label')}
        data-testid="asset-preview-device"
        w="fit-content"
      />
      <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)" style={{ overflow: 'auto' }}>
        <Center>
          <div style={{ width, maxWidth: '100%' }} data-testid="asset-preview-frame" data-device={device}>
            {asset.kind === 'image' ? (
              <img
                src={asset.previewPath}
                alt={asset.altText}
                style={{ maxWidth: '100%', display: 'block' }}
              />
            ) : snippet.isPending ? (
              <Loader size="sm" />
            ) : snippet.isError ? (
              <Text c="red" size="sm">
                {t('assets.preview.failed')}
              </Text>
            ) : (
              <iframe
                title={t('assets.preview.frameTitle', { name: asset.name })}
                // A new frame for each document: changing a frame's srcdoc adds a step to the browser's history.
                key={snippet.data}
                sandbox=""
                srcDoc={snippet.data}
                style={{ width: '100%', minHeight: 240, border: 0, background: 'white' }}
              />
            )}
          </div>
        </Center>
      </Paper>
    </Stack>
  );
}
