import '@mantine/dropzone/styles.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { ASSET_ZIP_MAX_BYTES, assetImportResultSchema, formatFileSize } from '@herald/protocol';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { pathId } from '../../platform/list/pathId.ts';
import { useRecord } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { JobProgress, JobStateBadge } from '../export/JobStatus.tsx';
import { useOrganizationJwt } from '../export/useOrganizationJwt.ts';
import { ASSET_IMPORT_ACCEPT, tagsOf, uploadAssetFile } from './asset.ts';
import { shownErrorOf } from './assetErrors.ts';
import type { ShownError } from './assetErrors.ts';

/**
 * assets/importdominos (and assets/import): a bulk import of a folder or zip of images and HTML snippets. The
 * files are uploaded, then imported by a job; `assets/importdominos/{jobId}` follows it and lists each file as
 * imported or refused with its reason. `assets/importdominos/new` is the alias of a fresh import.
 */
export default function ImportAssetsPage() {
  const jobId = pathId(useParams().id);
  return jobId === null ? <ImportForm /> : <ImportResult jobId={jobId} />;
}

function ImportForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const jwt = useOrganizationJwt();
  const base = `/${organization?.organizationId ?? ''}`;
  const [files, setFiles] = useState<File[]>([]);
  const [publish, setPublish] = useState(false);
  const [tags, setTags] = useState('');
  const [error, setError] = useState<ShownError | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const [running, setRunning] = useState(false);

  const add = (more: File[]) => {
    setError(null);
    setFiles((current) => [...current, ...more]);
  };
  const pickFolder = (event: ChangeEvent<HTMLInputElement>) => add([...(event.currentTarget.files ?? [])]);

  const start = async () => {
    if (!organization || files.length === 0) return;
    setRunning(true);
    setError(null);
    setUploaded(0);
    try {
      const fileIds: string[] = [];
      const token = await jwt();
      for (const file of files) {
        fileIds.push(
          (await uploadAssetFile(file, { jwt: token, organizationId: organization.organizationId })).fileId,
        );
        setUploaded(fileIds.length);
      }
      const { jobId } = await organization.channel.request('importAssets', {
        organizationId: organization.organizationId,
        fileIds,
        isPublished: publish,
        tags: tagsOf(tags),
      });
      void navigate(`${base}/assets/importdominos/${jobId}`);
    } catch (caught) {
      setError(shownErrorOf(caught));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack data-testid="import-assets-page" maw={760}>
      <Anchor component={Link} to={`${base}/assets`} size="sm">
        {t('assets.backToList')}
      </Anchor>
      <Title order={1}>{t('assets.import.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('assets.import.intro')}
      </Text>
      <Dropzone
        onDrop={add}
        onReject={() => setError({ type: 'AssetFileUnsupportedError', message: '' })}
        accept={ASSET_IMPORT_ACCEPT}
        maxSize={ASSET_ZIP_MAX_BYTES}
        multiple
        loading={running}
        data-testid="import-assets-dropzone"
        aria-label={t('assets.import.dropLabel')}
      >
        <Stack align="center" gap={4} mih={120} justify="center" style={{ pointerEvents: 'none' }}>
          <Text fw={600}>{t('assets.import.dropTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('assets.import.dropHint')}
          </Text>
        </Stack>
      </Dropzone>
      <Group>
        <Button component="label" variant="default" size="xs">
          {t('assets.import.chooseFolder')}
          {/* A folder: the browser hands over every file inside it (webkitdirectory is in every current browser). */}
          <input
            type="file"
            multiple
            hidden
            onChange={pickFolder}
            data-testid="import-assets-folder"
            {...{ webkitdirectory: '' }}
          />
        </Button>
        {files.length > 0 && (
          <Button variant="subtle" size="xs" onClick={() => setFiles([])}>
            {t('assets.import.clear')}
          </Button>
        )}
      </Group>
      {files.length > 0 && (
        <Paper withBorder p="sm">
          <Text size="sm" fw={600} mb="xs">
            {t('assets.import.chosen', { count: files.length })}
          </Text>
          <List size="sm" data-testid="import-assets-files">
            {files.slice(0, 20).map((file, index) => (
              <List.Item key={`${file.name}-${index}`}>
                {file.webkitRelativePath || file.name} ({formatFileSize(file.size)})
              </List.Item>
            ))}
          </List>
          {files.length > 20 && (
            <Text size="xs" c="dimmed">
              {t('assets.import.more', { count: files.length - 20 })}
            </Text>
          )}
        </Paper>
      )}
      <TextInput
        label={t('assets.fields.tags')}
        description={t('assets.fields.tagsHint')}
        value={tags}
        onChange={(event) => setTags(event.currentTarget.value)}
      />
      <Checkbox
        label={t('assets.import.publish')}
        checked={publish}
        onChange={(event) => setPublish(event.currentTarget.checked)}
      />
      {running && (
        <Text size="sm" data-testid="import-assets-uploading">
          {t('assets.import.uploading', { done: uploaded, total: files.length })}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="import-assets-error" data-error-type={error.type}>
          {errorText(error.type, error.message || undefined, error.values)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => void start()}
          loading={running}
          disabled={files.length === 0}
          data-testid="import-assets-start"
        >
          {t('assets.import.start')}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportResult({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const base = `/${organization?.organizationId ?? ''}`;
  const { record: job, isPending } = useRecord('job', jobId);
  if (!job) return <Text c="dimmed">{isPending ? t('app.loading') : t('assets.import.notFound')}</Text>;
  const parsed = assetImportResultSchema.safeParse(job.result);
  const result = parsed.success ? parsed.data : null;
  return (
    <Stack data-testid="import-assets-result" maw={900}>
      <Anchor component={Link} to={`${base}/assets`} size="sm">
        {t('assets.backToList')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{t('assets.import.resultTitle')}</Title>
        <JobStateBadge job={job} />
      </Group>
      <JobProgress job={job} />
      {job.error && (
        <Alert color="red" role="alert">
          {errorText(job.error.type, job.error.message)}
        </Alert>
      )}
      {result && (
        <>
          <Text data-testid="import-assets-summary">
            {t('assets.import.summary', { imported: result.imported, refused: result.refused })}
          </Text>
          <Table striped data-testid="import-assets-files-result">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assets.import.file')}</Table.Th>
                <Table.Th>{t('assets.import.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.files.map((file, index) => (
                <Table.Tr
                  key={`${file.fileName}-${index}`}
                  data-testid="import-assets-file"
                  data-status={file.status}
                >
                  <Table.Td>
                    {file.assetId ? (
                      <Anchor component={Link} to={`${base}/assets/view/${file.assetId}`}>
                        {file.fileName}
                      </Anchor>
                    ) : (
                      file.fileName
                    )}
                  </Table.Td>
                  <Table.Td>
                    {file.status === 'imported' ? (
                      <Badge color="teal" variant="light">
                        {t('assets.import.imported')}
                      </Badge>
                    ) : (
                      <Text size="sm" c="red">
                        {errorText(file.error?.type ?? 'ApplicationError', file.error?.message)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <Group>
        <Button component={Link} to={`${base}/assets/importdominos/new`} variant="default">
          {t('assets.import.another')}
        </Button>
      </Group>
    </Stack>
  );
}
