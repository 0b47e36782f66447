import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
import type { JobStatus } from '@herald/protocol';
import { useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecord } from '../../platform/list/useRecords.ts';
import { importOutcomeOf, progressPercent, rowsPerSecond } from './importMapping.ts';
import type { ProgressSample } from './importMapping.ts';
import { ImportRejections } from './ImportRejections.tsx';
import { downloadExtract } from './transfer.ts';
import { useFreshOrganizationToken, useListsContext } from './useListsContext.ts';

/** While a job runs, it is also read on this beat, in case a push is missed. */
const JOB_POLL_MS = 2000;
const UNFINISHED: ReadonlySet<JobStatus> = new Set(['queued', 'running']);
const STATUS_COLORS: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

/**
 * Step 4 of the import: the job's live progress (done of total, rows per second), then its outcome with the
 * first rejected rows shown and all of them to download; a running job can be cancelled and a failed one
 * retried.
 */
export function ImportJobProgress({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { organization } = useListsContext();
  const freshToken = useFreshOrganizationToken();
  const loaded = useRecord('job', jobId);
  const job = loaded.record;
  const [samples, setSamples] = useState<ProgressSample[]>([]);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const refetch = useRef(loaded.refetch);
  refetch.current = loaded.refetch;
  const unfinished = !job || UNFINISHED.has(job.status);

  useEffect(() => {
    if (!unfinished) return;
    const timer = setInterval(() => void refetch.current(), JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [unfinished]);

  const done = job?.progress.done;
  const status = job?.status;
  useEffect(() => {
    if (done === undefined || status !== 'running') return;
    setSamples((current) =>
      current[current.length - 1]?.done === done ? current : [...current, { at: Date.now(), done }],
    );
  }, [done, status]);

  const retrying = useCommandMutation(organization.channel, 'retryJob', { onSuccess: () => setSamples([]) });
  const cancelling = useCommandMutation(organization.channel, 'cancelJob');
  const jobParams = { organizationId: organization.organizationId, jobId };

  if (!job) {
    return loaded.error ? (
      <RecordsError error={loaded.error} testId="import-job-error" />
    ) : (
      <Text c="dimmed">{t('lists.import.starting')}</Text>
    );
  }
  const percent = progressPercent(job.progress);
  const rate = rowsPerSecond(samples);
  const outcome = importOutcomeOf(job.result);
  const statusLabels: Record<JobStatus, string> = {
    queued: t('lists.import.status.queued'),
    running: t('lists.import.status.running'),
    succeeded: t('lists.import.status.succeeded'),
    failed: t('lists.import.status.failed'),
    cancelled: t('lists.import.status.cancelled'),
  };
  const download = async (name: string) => {
    setDownloadError(null);
    try {
      downloadExtract(organization.organizationId, name, await freshToken());
    } catch (error) {
      setDownloadError(error);
    }
  };

  return (
    <Stack data-testid="import-job" data-status={job.status} data-job-id={job.id}>
      <Group justify="space-between">
        <Text fw={600}>{job.name}</Text>
        <Badge color={STATUS_COLORS[job.status]} data-testid="import-job-status">
          {statusLabels[job.status]}
        </Badge>
      </Group>
      <Progress
        value={percent ?? 100}
        animated={unfinished}
        striped={unfinished || percent === null}
        size="lg"
        aria-label={t('lists.import.progress')}
        data-testid="import-progress"
      />
      <Group justify="space-between">
        <Text size="sm" data-testid="import-progress-text">
          {job.progress.total === null
            ? t('lists.import.doneOfUnknown', { done: job.progress.done.toLocaleString() })
            : t('lists.import.doneOfTotal', {
                done: job.progress.done.toLocaleString(),
                total: job.progress.total.toLocaleString(),
              })}
        </Text>
        {unfinished && rate !== null && (
          <Text size="sm" c="dimmed" data-testid="import-rate">
            {t('lists.import.rowsPerSecond', { rate: formatNumber(Math.round(rate)) })}
          </Text>
        )}
      </Group>
      {job.status === 'failed' && job.error && (
        <Alert color="red" role="alert" data-testid="import-job-failed" data-error-type={job.error.type}>
          {errorText(job.error.type, job.error.message)}
        </Alert>
      )}
      {(job.status === 'succeeded' || job.result) && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="import-outcome">
          {(['created', 'updated', 'skipped', 'rejected'] as const).map((key) => (
            <Paper key={key} withBorder p="sm" data-testid="import-outcome-count" data-outcome={key}>
              <Text size="xs" c="dimmed" tt="uppercase">
                {
                  {
                    created: t('lists.import.outcome.created'),
                    updated: t('lists.import.outcome.updated'),
                    skipped: t('lists.import.outcome.skipped'),
                    rejected: t('lists.import.outcome.rejected'),
                  }[key]
                }
              </Text>
              <Text fw={700} size="xl" data-testid="import-outcome-value">
                {outcome[key].toLocaleString()}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {job.status === 'succeeded' && outcome.rejected > 0 && (
        <ImportRejections jobId={job.id} rejected={outcome.rejected} />
      )}
      <RecordsError error={retrying.error ?? cancelling.error} testId="import-job-action-error" />
      <RecordsError error={downloadError} testId="import-download-error" />
      <Group>
        {outcome.rejectedReport && (
          <Button
            variant="light"
            color="red"
            onClick={() => void download(outcome.rejectedReport ?? '')}
            data-testid="import-download-rejected"
          >
            {t('lists.import.downloadRejected')}
          </Button>
        )}
        {unfinished && (
          <Button
            variant="default"
            color="orange"
            loading={cancelling.isPending}
            onClick={() => cancelling.mutate(jobParams)}
            data-testid="import-cancel"
          >
            {t('lists.import.cancelJob')}
          </Button>
        )}
        {job.status === 'failed' && (
          <Button
            loading={retrying.isPending}
            onClick={() => retrying.mutate(jobParams)}
            data-testid="import-retry"
          >
            {t('lists.import.retryJob')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
