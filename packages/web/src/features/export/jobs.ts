import type { ResourceRecord } from '@herald/protocol';
import type { JobRecord, JobStatus } from '@herald/protocol';

/** A job as the list kit carries it. */
export type Job = ResourceRecord<'job'>;

/** What a job's badge says: its status, or that it waits for a second person's approval. */
export type JobState = JobStatus | 'awaitingApproval';

/** An export that needs two-person approval and has not had it waits for another administrator. */
export function isAwaitingApproval(job: Pick<JobRecord, 'approval' | 'status'>): boolean {
  return job.approval.required && job.approval.approvedBy === null && job.status === 'queued';
}

export function jobState(job: Pick<JobRecord, 'approval' | 'status'>): JobState {
  return isAwaitingApproval(job) ? 'awaitingApproval' : job.status;
}

export const JOB_STATE_COLORS: Record<JobState, string> = {
  queued: 'gray',
  awaitingApproval: 'yellow',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'dark',
};

/** Whole percent done, or null when the total is not known yet. A finished job is 100. */
export function jobPercent(job: Pick<JobRecord, 'progress' | 'status'>): number | null {
  if (job.status === 'succeeded') return 100;
  const { done, total } = job.progress;
  if (total === null || total <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

/** Only work not yet finished can be cancelled. */
export function canCancelJob(job: Pick<JobRecord, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

export function isFinished(job: Pick<JobRecord, 'status'>): boolean {
  return job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled';
}

/** The extract's name from a succeeded export's result (PROTOCOL §5 `result.name`), or null. */
export function extractName(job: Pick<JobRecord, 'result' | 'status'>): string | null {
  if (job.status !== 'succeeded') return null;
  const name = job.result?.name;
  return typeof name === 'string' && name !== '' ? name : null;
}

/** PROTOCOL §1: where an extract is downloaded from. */
export function extractAddress(organizationId: number, name: string): string {
  return `/uiv5-extract/${encodeURIComponent(String(organizationId))}/${encodeURIComponent(name)}.zip`;
}

/**
 * Platform §7: the download is a form POSTed to the extract address with the token in a hidden field `jwt`,
 * so the token never appears in an address and the browser saves the answer as a file.
 */
export function postExtractForm(document: Document, address: string, jwt: string): HTMLFormElement {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = address;
  form.style.display = 'none';
  form.setAttribute('data-testid', 'extract-download-form');
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'jwt';
  field.value = jwt;
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  // The navigation has been handed to the browser; the form is no longer needed.
  setTimeout(() => form.remove(), 0);
  return form;
}

/** Numbers a job's result holds (created, updated, rejected …), for an import's outcome. */
export function resultCounts(result: Record<string, unknown> | undefined): Array<[string, number]> {
  if (!result) return [];
  return Object.entries(result).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
}
