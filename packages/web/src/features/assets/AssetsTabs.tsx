import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * Assets and content blocks are one library for a marketer (what goes into messages), so the content blocks
 * screen is a tab of the assets page rather than a settings page.
 */
export function AssetsTabs({ base, current }: { base: string; current: 'assets' | 'blocks' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(value) => {
        if (value && value !== current)
          void navigate(value === 'blocks' ? `${base}/assets/blocks` : `${base}/assets`);
      }}
      data-testid="assets-tabs"
    >
      <Tabs.List>
        <Tabs.Tab value="assets" data-testid="assets-tab">
          {t('assets.tabs.assets')}
        </Tabs.Tab>
        <Tabs.Tab value="blocks" data-testid="content-blocks-tab">
          {t('assets.tabs.contentBlocks')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
