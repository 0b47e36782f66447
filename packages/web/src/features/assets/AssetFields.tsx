import { Checkbox, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ASSET_DEVICE_TYPES } from '@herald/protocol';
import type { AssetDeviceType } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/** The metadata of an asset as a form holds it (functional §3 Asset: metadata, device type, published). */
export interface AssetForm {
  name: string;
  altText: string;
  description: string;
  tags: string;
  deviceType: AssetDeviceType;
  isPublished: boolean;
}

export const emptyAssetForm = (): AssetForm => ({
  name: '',
  altText: '',
  description: '',
  tags: '',
  deviceType: 'all',
  isPublished: false,
});

/** The metadata fields, shared by the new-asset form and an asset's page. */
export function AssetFields({
  form,
  onChange,
  showPublished = true,
}: {
  form: AssetForm;
  onChange: (change: Partial<AssetForm>) => void;
  showPublished?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <TextInput
        label={t('assets.fields.name')}
        value={form.name}
        maxLength={200}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        data-testid="asset-name-input"
      />
      <TextInput
        label={t('assets.fields.altText')}
        description={t('assets.fields.altTextHint')}
        value={form.altText}
        maxLength={500}
        onChange={(event) => onChange({ altText: event.currentTarget.value })}
        data-testid="asset-alt-input"
      />
      <Textarea
        label={t('assets.fields.description')}
        value={form.description}
        maxLength={2000}
        autosize
        minRows={2}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        data-testid="asset-description-input"
      />
      <TextInput
        label={t('assets.fields.tags')}
        description={t('assets.fields.tagsHint')}
        value={form.tags}
        onChange={(event) => onChange({ tags: event.currentTarget.value })}
        data-testid="asset-tags-input"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="asset-device-type-label">
          {t('assets.fields.deviceType')}
        </Text>
        <SegmentedControl
          aria-labelledby="asset-device-type-label"
          value={form.deviceType}
          onChange={(value) => onChange({ deviceType: value as AssetDeviceType })}
          data={ASSET_DEVICE_TYPES.map((value) => ({ value, label: t(`assets.deviceTypes.${value}`) }))}
          data-testid="asset-device-type"
        />
      </Stack>
      {showPublished && (
        <Checkbox
          label={t('assets.fields.publish')}
          checked={form.isPublished}
          onChange={(event) => onChange({ isPublished: event.currentTarget.checked })}
          data-testid="asset-publish-input"
        />
      )}
    </Stack>
  );
}
