import type { CheckResult, CheckStatus, WorkflowEventRecord } from '@herald/protocol';
import { CHECK_NAME_LIST, CHECK_STATUS_LIST } from './workflowConstants.ts';

/**
 * One run of the checks as the check panel shows it: which log entry recorded it, the revision it checked, its
 * worst outcome and its results, or the catalogue error that stopped it (then `checks` is empty).
 */
export interface CheckRun {
  eventId: number;
  revisionId: number | null;
  worst: CheckStatus;
  checks: CheckResult[];
  error?: string;
}

const isCheckStatus = (value: unknown): value is CheckStatus =>
  (CHECK_STATUS_LIST as readonly unknown[]).includes(value);

/** One logged result, read by hand rather than with the contract's schema (see workflowConstants.ts). */
function isCheckResult(value: unknown): value is CheckResult {
  if (typeof value !== 'object' || value === null) return false;
  const { name, status, message, variation, details } = value as Record<string, unknown>;
  return (
    (CHECK_NAME_LIST as readonly unknown[]).includes(name) &&
    isCheckStatus(status) &&
    typeof message === 'string' &&
    (variation === undefined || (Number.isInteger(variation) && (variation as number) >= 0)) &&
    (details === undefined || (Array.isArray(details) && details.every((line) => typeof line === 'string')))
  );
}

/** A run's worst outcome, as the contract's worstCheckStatus decides it. */
function worstStatus(checks: readonly CheckResult[]): CheckStatus {
  if (checks.some((check) => check.status === 'fail')) return 'fail';
  return checks.some((check) => check.status === 'warn') ? 'warn' : 'pass';
}

/**
 * The run a `checkFinished` log entry records (check-action.ts logs `{revisionId, worst, checks}`, or
 * `{revisionId, worst, error}` when the run threw); null for any other entry. Read leniently: details this
 * console cannot read (an older server's, a check it does not know) are no run rather than a broken panel.
 */
export function checkRunOfEvent(
  event: Pick<WorkflowEventRecord, 'id' | 'action' | 'details'>,
): CheckRun | null {
  if (event.action !== 'checkFinished') return null;
  const { revisionId, worst, checks, error } = event.details;
  if (!isCheckStatus(worst)) return null;
  const results = checks ?? [];
  if (!Array.isArray(results) || !results.every(isCheckResult)) return null;
  return {
    eventId: event.id,
    revisionId: typeof revisionId === 'number' ? revisionId : null,
    worst,
    checks: results,
    ...(typeof error === 'string' ? { error } : {}),
  };
}

/** The `check` command's answer as a run: it checked the revision that was latest when it started. */
export function checkRunOfAnswer(answer: {
  eventId?: number | undefined;
  checks?: CheckResult[] | undefined;
  activity: { latestRevisionId: number | null };
}): CheckRun | null {
  if (answer.eventId === undefined || !answer.checks) return null;
  return {
    eventId: answer.eventId,
    revisionId: answer.activity.latestRevisionId,
    worst: worstStatus(answer.checks),
    checks: answer.checks,
  };
}

/**
 * The run the panel shows: the newest (by log entry, which grows) of the logged runs and the caller's own
 * answer, provided it checked the activity's latest revision. A run of an older revision says nothing about
 * the content now, so there is none (the panel's empty state) until the new revision is checked.
 */
export function latestCheckRun(
  candidates: ReadonlyArray<CheckRun | null>,
  latestRevisionId: number | null,
): CheckRun | null {
  let newest: CheckRun | null = null;
  for (const run of candidates) if (run && (!newest || run.eventId > newest.eventId)) newest = run;
  if (!newest || latestRevisionId === null || newest.revisionId !== latestRevisionId) return null;
  return newest;
}
