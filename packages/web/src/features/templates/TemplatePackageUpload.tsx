import '@mantine/dropzone/styles.css';
import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { formatFileSize, TEMPLATE_PACKAGE_LIMITS } from '@herald/protocol';
import { useState } from 'react';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useOrganizationJwt } from '../export/useOrganizationJwt.ts';
import { TransferError } from '../lists/transfer.ts';
import { errorValuesOf } from '../../platform/alerts/errorValues.ts';
import { uploadTemplatePackage } from './uploadTemplatePackage.ts';

/** What the picker offers; the server decides by content. */
const PACKAGE_ACCEPT = { 'application/zip': ['.zip'], 'application/x-zip-compressed': ['.zip'] };

/**
 * Upload a template package (functional §3): a zip dropped or picked, uploaded with its progress shown, then
 * imported (importTemplatePackage). A refusal says what is wrong with the package, in the catalogue's words.
 */
export function TemplatePackageUpload() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const jwt = useOrganizationJwt();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [imported, setImported] = useState<string | null>(null);

  const upload = async (file: File) => {
    if (!organization) return;
    setError(null);
    setImported(null);
    setProgress(0);
    try {
      const uploaded = await uploadTemplatePackage(
        file,
        { jwt: await jwt(), organizationId: organization.organizationId },
        setProgress,
      );
      const { url } = await organization.channel.request('importTemplatePackage', {
        organizationId: organization.organizationId,
        uploadId: uploaded.fileId,
      });
      setImported(url);
    } catch (caught) {
      setError(caught);
    } finally {
      setProgress(null);
    }
  };

  const type = error instanceof TransferError ? error.type : (errorTypeOf(error) ?? 'ApplicationError');
  const message = error instanceof Error ? error.message : '';
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Dropzone
          onDrop={(files) => {
            const [file] = files;
            if (file) void upload(file);
          }}
          onReject={() => setError(new TransferError('TemplatePackageNotZipError', ''))}
          accept={PACKAGE_ACCEPT}
          maxFiles={1}
          multiple={false}
          loading={progress !== null}
          aria-label={t('templates.upload.dropLabel')}
          data-testid="template-package-dropzone"
        >
          <Stack gap={4} align="center" py="md">
            <Text fw={600}>{t('templates.upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('templates.upload.hint', {
                size: formatFileSize(TEMPLATE_PACKAGE_LIMITS.maxPackageBytes),
              })}
            </Text>
          </Stack>
        </Dropzone>
        {progress !== null && (
          <Group gap="sm" data-testid="template-package-progress">
            <Progress
              value={progress * 100}
              style={{ flex: 1 }}
              aria-label={t('templates.upload.progress')}
            />
            <Text size="sm">{Math.round(progress * 100)}%</Text>
          </Group>
        )}
        {error !== null && (
          <Alert color="red" role="alert" data-testid="template-package-error" data-error-type={type}>
            {errorText(type, message || undefined, errorValuesOf(type, message))}
          </Alert>
        )}
        {imported !== null && (
          <Alert color="green" data-testid="template-package-imported">
            {t('templates.upload.imported', { url: imported })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
