import type { DeploymentRunRecord } from '@herald/protocol';

/** What a display-ad run's row offers: its audience file to download, a note that none was kept, or nothing yet. */
export type AudienceFileState = 'download' | 'notKept' | 'pending';

/**
 * A finished run offers its file while the server still keeps it (`audienceFile`); a finished run without one
 * kept none (its upload failed before it was written) or it has been swept. A run still under way has none yet.
 */
export function audienceFileState(
  run: Pick<DeploymentRunRecord, 'status' | 'audienceFile'>,
): AudienceFileState {
  if (run.status !== 'finished') return 'pending';
  return run.audienceFile ? 'download' : 'notKept';
}

/** Where a run's audience file is downloaded from (POST, the token in the form field `jwt`, as extracts are). */
export function audienceFileAddress(organizationId: number, runId: number): string {
  return `/uiv5-audience/${encodeURIComponent(String(organizationId))}/${encodeURIComponent(String(runId))}.csv`;
}
