import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { ASSET_MAX_BYTES, formatFileSize } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useOrganizationJwt } from '../export/useOrganizationJwt.ts';
import { ASSET_ACCEPT, tagsOf, uploadAssetFile } from './asset.ts';
import type { Asset } from './asset.ts';
import { shownErrorOf } from './assetErrors.ts';
import type { ShownError } from './assetErrors.ts';
import { AssetFields, emptyAssetForm } from './AssetFields.tsx';
import type { AssetForm } from './AssetFields.tsx';

type Source = 'file' | 'html';

/**
 * assets/new: one asset, from a file dropped or picked (an image or an HTML snippet, checked by the server by
 * content) or from HTML typed in, with its metadata. Refusals show the catalogue's words under the drop zone.
 */
export default function NewAssetPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const jwt = useOrganizationJwt();
  const base = `/${organization?.organizationId ?? ''}`;
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [html, setHtml] = useState('');
  const [form, setForm] = useState<AssetForm>(emptyAssetForm);
  const [error, setError] = useState<ShownError | null>(null);
  const [saving, setSaving] = useState(false);
  const ready = source === 'file' ? file !== null : html.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!organization || !ready) return;
    setSaving(true);
    setError(null);
    try {
      const fields = {
        ...(form.name.trim() !== '' ? { name: form.name.trim() } : {}),
        altText: form.altText,
        description: form.description,
        tags: tagsOf(form.tags),
        deviceType: form.deviceType,
        isPublished: form.isPublished,
      };
      const organizationId = organization.organizationId;
      const origin =
        source === 'file' && file
          ? { fileId: (await uploadAssetFile(file, { jwt: await jwt(), organizationId })).fileId }
          : { html };
      const asset: Asset = await organization.channel.request('createAsset', {
        organizationId,
        ...fields,
        ...origin,
      });
      showToast(t('assets.created', { name: asset.name }));
      void navigate(`${base}/assets/view/${asset.id}`);
    } catch (caught) {
      setError(shownErrorOf(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack data-testid="new-asset-page" maw={720}>
      <Title order={1}>{t('assets.newTitle')}</Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <SegmentedControl
            value={source}
            onChange={(value) => {
              setSource(value as Source);
              setError(null);
            }}
            data={[
              { value: 'file', label: t('assets.sources.file') },
              { value: 'html', label: t('assets.sources.html') },
            ]}
            aria-label={t('assets.sources.label')}
            data-testid="asset-source"
          />
          {source === 'file' ? (
            <Dropzone
              onDrop={(files) => {
                setFile(files[0] ?? null);
                setError(null);
                if (files[0] && form.name === '') setForm({ ...form, name: files[0].name });
              }}
              onReject={(rejections) => {
                const tooLarge = rejections.some((rejection) =>
                  rejection.errors.some((reason) => reason.code === 'file-too-large'),
                );
                setError(
                  tooLarge
                    ? {
                        type: 'AssetTooLargeError',
                        message: '',
                        values: { limit: formatFileSize(ASSET_MAX_BYTES) },
                      }
                    : { type: 'AssetFileUnsupportedError', message: '' },
                );
              }}
              accept={ASSET_ACCEPT}
              maxSize={ASSET_MAX_BYTES}
              multiple={false}
              loading={saving}
              data-testid="asset-dropzone"
              aria-label={t('assets.dropLabel')}
            >
              <Stack align="center" gap={4} mih={140} justify="center" style={{ pointerEvents: 'none' }}>
                <Text fw={600}>{file ? file.name : t('assets.dropTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {file ? formatFileSize(file.size) : t('assets.dropHint')}
                </Text>
              </Stack>
            </Dropzone>
          ) : (
            <Textarea
              label={t('assets.fields.html')}
              value={html}
              onChange={(event) => setHtml(event.currentTarget.value)}
              autosize
              minRows={6}
              ff="monospace"
              data-testid="asset-html-input"
            />
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="asset-error" data-error-type={error.type}>
              {errorText(error.type, error.message || undefined, error.values)}
            </Alert>
          )}
          <Paper withBorder p="md">
            <AssetFields form={form} onChange={(change) => setForm({ ...form, ...change })} />
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={`${base}/assets`}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!ready} data-testid="asset-save">
              {t('assets.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
