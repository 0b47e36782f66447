import { Badge, Progress, Text } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { JOB_STATE_COLORS, jobPercent, jobState } from './jobs.ts';
import type { Job, JobState } from './jobs.ts';

/** A job's state as a badge: queued, waiting for approval, running, succeeded, failed, cancelled. */
export function JobStateBadge({ job }: { job: Job }) {
  const { t } = useTranslation();
  const state = jobState(job);
  return (
    <Badge
      color={JOB_STATE_COLORS[state]}
      variant="light"
      style={{ minWidth: 'max-content' }}
      data-testid="job-state"
      data-state={state}
    >
      {jobStateLabel(t, state)}
    </Badge>
  );
}

export function jobStateLabel(t: (key: string) => string, state: JobState): string {
  switch (state) {
    case 'queued':
      return t('export.states.queued');
    case 'awaitingApproval':
      return t('export.states.awaitingApproval');
    case 'running':
      return t('export.states.running');
    case 'succeeded':
      return t('export.states.succeeded');
    case 'failed':
      return t('export.states.failed');
    case 'cancelled':
      return t('export.states.cancelled');
  }
}

/** Progress as a bar with "done of total" (or just "done" while the total is unknown). */
export function JobProgress({ job }: { job: Job }) {
  const { t } = useTranslation();
  const percent = jobPercent(job);
  const { done, total } = job.progress;
  return (
    <div data-testid="job-progress" data-percent={percent ?? ''}>
      <Progress
        value={percent ?? 0}
        animated={job.status === 'running'}
        striped={percent === null && job.status === 'running'}
        aria-label={t('export.progress')}
        size="sm"
      />
      <Text size="xs" c="dimmed" mt={2}>
        {total === null ? t('export.doneCount', { done }) : t('export.doneOfTotal', { done, total })}
      </Text>
    </div>
  );
}
