import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatFileSize } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { pathId } from '../../platform/list/pathId.ts';
import { useArchiveWithUndo } from '../../platform/list/useArchiveWithUndo.tsx';
import { useRecord, useWriteRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { publicUrlOf, tagsOf } from './asset.ts';
import type { Asset } from './asset.ts';
import { AssetFields } from './AssetFields.tsx';
import type { AssetForm } from './AssetFields.tsx';
import { AssetPreview } from './AssetPreview.tsx';
import { AssetUsage } from './AssetUsage.tsx';

/** assets/view/{id}: an asset's preview, public address, metadata, publication, archive and usage. */
export default function AssetViewPage() {
  const { t } = useTranslation();
  const assetId = pathId(useParams().id);
  const loaded = useRecord('asset', assetId);
  const asset = loaded.record;
  if (asset) return <AssetView key={`${asset.id}-${asset.version}`} asset={asset} />;
  if (assetId !== null && (loaded.isPending || loaded.isFetching))
    return <Text c="dimmed">{t('app.loading')}</Text>;
  if (loaded.error) return <RecordsError error={loaded.error} testId="asset-load-error" />;
  return (
    <Alert color="yellow" data-testid="asset-not-found">
      {t('errors.AssetNotFoundError')}
    </Alert>
  );
}

const formOf = (asset: Asset): AssetForm => ({
  name: asset.name,
  altText: asset.altText,
  description: asset.description,
  tags: asset.tags.join(', '),
  deviceType: asset.deviceType,
  isPublished: asset.isPublished,
});

function AssetView({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const base = `/${organization?.organizationId ?? ''}`;
  const { canWrite } = useResourceAccess('asset');
  const editable = canWrite && !asset.isArchived;
  const [form, setForm] = useState<AssetForm>(() => formOf(asset));
  const [error, setError] = useState<string | null>(null);
  const writing = useWriteRecords('asset', {
    onError: (failure) => setError(errorText(errorTypeOf(failure) ?? 'ApplicationError', failure.message)),
  });
  const archiving = useArchiveWithUndo({
    type: 'asset',
    record: asset,
    name: asset.name,
    messages: { archived: 'assets.archivedToast', unarchived: 'assets.unarchivedToast', undo: 'assets.undo' },
    testId: 'asset',
  });
  const publicUrl = publicUrlOf(asset);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    writing.mutate(
      [
        {
          id: asset.id,
          version: asset.version,
          name: form.name.trim() || asset.name,
          altText: form.altText,
          description: form.description,
          tags: tagsOf(form.tags),
          deviceType: form.deviceType,
        },
      ],
      { onSuccess: () => showToast(t('assets.saved', { name: form.name || asset.name })) },
    );
  };
  const setPublished = (isPublished: boolean) =>
    writing.mutate([{ id: asset.id, version: asset.version, isPublished }], {
      onSuccess: () =>
        showToast(t(isPublished ? 'assets.publishedToast' : 'assets.unpublishedToast', { name: asset.name })),
    });

  return (
    <Stack data-testid="asset-view-page">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor component={Link} to={`${base}/assets`} size="sm">
            {t('assets.backToList')}
          </Anchor>
          <Group gap="xs">
            <Title order={1}>{asset.name}</Title>
            <Badge
              color={asset.isPublished ? 'teal' : 'gray'}
              variant="light"
              data-testid="asset-status"
              data-published={asset.isPublished}
            >
              {asset.isPublished ? t('assets.published') : t('assets.unpublished')}
            </Badge>
            {asset.isArchived && (
              <Badge color="gray" variant="outline">
                {t('assets.archived')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {asset.fileName} · {asset.fileType.toUpperCase()} · {formatFileSize(asset.size)}
          </Text>
        </Stack>
        {canWrite && (
          <Group gap="xs">
            {!asset.isArchived &&
              (asset.isPublished ? (
                <Button
                  variant="default"
                  onClick={() => setPublished(false)}
                  loading={writing.isPending}
                  data-testid="asset-unpublish"
                >
                  {t('assets.unpublish')}
                </Button>
              ) : (
                <Button
                  onClick={() => setPublished(true)}
                  loading={writing.isPending}
                  data-testid="asset-publish"
                >
                  {t('assets.publish')}
                </Button>
              ))}
            {asset.isArchived ? (
              <Button
                variant="default"
                onClick={archiving.unarchive}
                loading={archiving.isPending}
                data-testid="asset-unarchive"
              >
                {t('assets.unarchive')}
              </Button>
            ) : (
              <Button
                variant="default"
                color="red"
                onClick={() => archiving.archive()}
                loading={archiving.isPending}
                data-testid="asset-archive"
              >
                {t('assets.archive')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="asset-save-error">
          {error}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <AssetPreview asset={asset} />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('assets.publicUrl')}
                description={asset.isPublished ? undefined : t('assets.publicUrlUnpublished')}
                value={publicUrl}
                readOnly
                style={{ flex: 1 }}
                data-testid="asset-public-url"
              />
              <CopyButton value={publicUrl}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('assets.copied') : t('assets.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="md">
              <form onSubmit={save} noValidate>
                <Stack>
                  <Title order={2} size="h4">
                    {t('assets.metadata')}
                  </Title>
                  <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
                    <AssetFields
                      form={form}
                      onChange={(change) => setForm({ ...form, ...change })}
                      showPublished={false}
                    />
                  </fieldset>
                  {editable && (
                    <Group justify="flex-end">
                      <Button type="submit" loading={writing.isPending} data-testid="asset-save-metadata">
                        {t('common.save')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </form>
            </Paper>
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('assets.usage.title')}
                </Title>
                <AssetUsage assetId={asset.id} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
