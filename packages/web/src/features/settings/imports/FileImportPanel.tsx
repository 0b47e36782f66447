import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { recordsKey, useRecord } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { JobProgress, JobStateBadge } from '../../export/JobStatus.tsx';
import { isFinished, resultCounts } from '../../export/jobs.ts';
import { useOrganizationJwt } from '../../export/useOrganizationJwt.ts';
import { uploadFile } from './uploadFile.ts';
import type { ResourceType } from '../../../platform/resources/resources.ts';

/** Functional §5: import files are CSV, TSV, XLS or XLSX. */
export const IMPORT_FILE_ACCEPT =
  '.csv,.tsv,.xls,.xlsx,text/csv,text/tab-separated-values,application/vnd.ms-excel,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Upload a file, start the import command with its file id, and watch the job to its outcome (the settings
 * imports of custom fields and partitions). `start` runs the area's command and answers the job id.
 */
export function FileImportPanel({
  start,
  hint,
  onDone,
  refreshes,
}: {
  start: (fileId: string) => Promise<{ jobId: number }>;
  hint: string;
  onDone?: () => void;
  /** The record type the import writes (customField, partition): its cached pages are read again when done. */
  refreshes: ResourceType;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const jwt = useOrganizationJwt();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const watched = useRecord('job', jobId);
  const job = watched.record;
  const queryClient = useQueryClient();
  const finished = job !== undefined && isFinished(job);
  // These types have no live pushes, and their pages are cached for a minute: read them again once written.
  useEffect(() => {
    if (finished && organization)
      void queryClient.invalidateQueries({
        queryKey: recordsKey(organization.channel, refreshes),
      });
  }, [finished, organization, queryClient, refreshes]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !organization) return;
    setBusy(true);
    setError(null);
    setJobId(null);
    try {
      const uploaded = await uploadFile(organization.organizationId, await jwt(), file);
      const { jobId: started } = await start(uploaded.fileId);
      setJobId(started);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Paper component="form" withBorder p="md" onSubmit={onSubmit} data-testid="file-import-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
          <FileInput
            label={t('settings.fileImport.file')}
            placeholder={t('settings.fileImport.chooseFile')}
            description={t('settings.fileImport.formats')}
            accept={IMPORT_FILE_ACCEPT}
            value={file}
            onChange={setFile}
            clearable
            data-testid="file-import-input"
          />
          <RecordsError error={error} testId="file-import-error" />
          <Group>
            <Button type="submit" disabled={!file} loading={busy} data-testid="file-import-start">
              {t('settings.fileImport.start')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {jobId !== null && (
        <Paper withBorder p="md" data-testid="file-import-job" data-job-id={jobId}>
          {!job ? (
            <Text size="sm" c="dimmed">
              {t('settings.fileImport.started', { id: jobId })}
            </Text>
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{job.name || t('settings.fileImport.started', { id: jobId })}</Text>
                <JobStateBadge job={job} />
              </Group>
              {!isFinished(job) && <JobProgress job={job} />}
              {job.error && (
                <Alert color="red" data-testid="file-import-job-error" data-error-type={job.error.type}>
                  {errorText(job.error.type, job.error.message)}
                </Alert>
              )}
              {job.status === 'succeeded' && (
                <Table data-testid="file-import-outcome" withTableBorder>
                  <Table.Tbody>
                    {resultCounts(job.result).map(([name, count]) => (
                      <Table.Tr key={name} data-result={name}>
                        <Table.Td>
                          {t(`settings.fileImport.results.${name}`, { defaultValue: name })}
                        </Table.Td>
                        <Table.Td>{count}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {isFinished(job) && onDone && (
                <Group>
                  <Button variant="light" onClick={onDone}>
                    {t('settings.fileImport.done')}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
