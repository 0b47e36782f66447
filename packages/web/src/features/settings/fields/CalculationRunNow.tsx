import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
import type { JobStatus } from '@herald/protocol';
import { useEffect, useRef } from 'react';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecord } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';

/** While the job runs it is also read on this beat, in case a push is missed. */
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
 * "Run now" for a saved calculated field (runCalculatedField): the field is calculated besides its schedule,
 * with the saved settings, and the job's progress then its outcome show below the button.
 */
export function CalculationRunNow({ customFieldId, unsaved }: { customFieldId: number; unsaved: boolean }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('Custom fields are organization pages');
  const running = useCommandMutation(organization.channel, 'runCalculatedField');
  const jobId = running.data?.jobId ?? null;
  return (
    <Paper withBorder p="sm" data-testid="calculation-run">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {unsaved ? t('settings.customFields.runUnsavedHint') : t('settings.customFields.runHint')}
          </Text>
          <Button
            variant="light"
            loading={running.isPending}
            onClick={() => running.mutate({ organizationId: organization.organizationId, customFieldId })}
            data-testid="calculation-run-now"
          >
            {t('settings.customFields.runNow')}
          </Button>
        </Group>
        <RecordsError error={running.error} testId="calculation-run-error" />
        {jobId !== null && <CalculationJob jobId={jobId} />}
      </Stack>
    </Paper>
  );
}

function CalculationJob({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const loaded = useRecord('job', jobId);
  const job = loaded.record;
  const refetch = useRef(loaded.refetch);
  refetch.current = loaded.refetch;
  const unfinished = !job || UNFINISHED.has(job.status);
  useEffect(() => {
    if (!unfinished) return;
    const timer = setInterval(() => void refetch.current(), JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [unfinished]);

  if (!job) {
    return loaded.error ? (
      <RecordsError error={loaded.error} testId="calculation-job-error" />
    ) : (
      <Text size="sm" c="dimmed">
        {t('settings.customFields.runStarting')}
      </Text>
    );
  }
  const { done, total } = job.progress;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  // The result's counts (how many subscribers were set, cleared …), whatever the calculation reports.
  const counts = Object.entries(job.result ?? {}).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return (
    <Stack gap={6} data-testid="calculation-job" data-status={job.status}>
      <Group justify="space-between">
        <Text size="sm" data-testid="calculation-job-progress">
          {total === null
            ? t('settings.customFields.runDone', { done: formatNumber(done) })
            : t('settings.customFields.runDoneOfTotal', {
                done: formatNumber(done),
                total: formatNumber(total),
              })}
        </Text>
        <Badge color={STATUS_COLORS[job.status]} data-testid="calculation-job-status">
          {t(`settings.customFields.runStatus.${job.status}`)}
        </Badge>
      </Group>
      <Progress
        value={percent ?? 100}
        animated={unfinished}
        striped={unfinished || percent === null}
        aria-label={t('settings.customFields.runProgress')}
      />
      {job.status === 'failed' && job.error && (
        <Alert color="red" role="alert" data-error-type={job.error.type}>
          {errorText(job.error.type, job.error.message)}
        </Alert>
      )}
      {counts.length > 0 && (
        <Group gap="lg" data-testid="calculation-job-result">
          {counts.map(([name, count]) => (
            <Text key={name} size="sm">
              {t(`settings.customFields.runResult.${name}`, { defaultValue: name })}:{' '}
              <b>{formatNumber(count)}</b>
            </Text>
          ))}
        </Group>
      )}
    </Stack>
  );
}
