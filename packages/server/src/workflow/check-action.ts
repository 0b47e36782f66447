import {
  CHECK_OUTCOMES,
  HeraldError,
  worstCheckStatus,
  type ActivityRecord,
  type CheckResult,
  type WorkflowEventRecord,
} from '@herald/protocol';
import type { Kysely } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { RunActivityChecks } from '../checks/check-run.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { moveActivity, transitionOf } from './move-activity.ts';
import { logWorkflowEvent } from './workflow-log.ts';

/**
 * Checks running in this process, by organization and activity, so cancelCheck can stop one at once. A cancel
 * that reaches another process still wins: it moves the activity out of `checking`, and the run's outcome,
 * which is a compare-and-set from the `checking` it left, then finds it gone and answers CheckCancelledError.
 */
const runningChecks = new Map<string, AbortController>();
const keyOf = (organizationId: number, activityId: number) => `${organizationId}:${activityId}`;

export function abortRunningCheck(organizationId: number, activityId: number): void {
  runningChecks.get(keyOf(organizationId, activityId))?.abort(new HeraldError('CheckCancelledError'));
}

/** What a check needs besides the database: the runner (the checks engine) and a way to push each step. */
export interface CheckRun {
  db: Kysely<Database>;
  actor: Actor;
  activity: ActivityRecord;
  version: number | undefined;
  revisionId: number | undefined;
  runActivityChecks: RunActivityChecks;
  /** Pushes a committed step (the move to checking, then the outcome). */
  announce(activity: ActivityRecord, events: WorkflowEventRecord[]): Promise<void>;
}

/**
 * `check`: moves the activity to checking (committed and pushed, so everyone sees it running), runs the checks
 * outside any transaction, then moves it by CHECK_OUTCOMES and logs the results with the revision checked
 * (which deployment reads). A run that throws takes the activity back to draft and answers its error.
 */
export async function runCheckAction(run: CheckRun): Promise<{
  activity: ActivityRecord;
  checks: CheckResult[];
  eventId: number;
}> {
  const { db, actor } = run;
  const started = await db.transaction().execute(async (trx) => {
    const to = transitionOf(run.activity, 'check', run.version);
    const moved = await moveActivity(trx, actor.organizationId, run.activity, to);
    const event = await logWorkflowEvent(trx, actor.organizationId, {
      activity: moved,
      action: 'check',
      from: run.activity.status,
      to,
      userId: actor.userId,
    });
    return { moved, event };
  });
  await run.announce(started.moved, [started.event]);
  const revisionId = run.revisionId ?? started.moved.latestRevisionId;
  const key = keyOf(actor.organizationId, run.activity.id);
  const controller = new AbortController();
  runningChecks.set(key, controller);
  let checks: CheckResult[] | undefined;
  let failure: unknown;
  try {
    checks = await run.runActivityChecks({
      db,
      actor,
      activityId: run.activity.id,
      ...(revisionId === null ? {} : { revisionId }),
      signal: controller.signal,
    });
  } catch (error) {
    failure = error;
  } finally {
    if (runningChecks.get(key) === controller) runningChecks.delete(key);
  }
  if (controller.signal.aborted) throw new HeraldError('CheckCancelledError');
  const finished = await db.transaction().execute(async (trx) => {
    const current = await readVisibleActivity(trx, actor, run.activity.id, { forUpdate: true });
    if (current?.status !== 'checking' || current.version !== started.moved.version)
      throw new HeraldError('CheckCancelledError');
    const worst = checks ? worstCheckStatus(checks) : 'fail';
    const moved = await moveActivity(trx, actor.organizationId, current, CHECK_OUTCOMES[worst]);
    const event = await logWorkflowEvent(trx, actor.organizationId, {
      activity: moved,
      action: 'checkFinished',
      from: current.status,
      to: moved.status,
      userId: actor.userId,
      details: checks
        ? { revisionId, worst, checks }
        : {
            revisionId,
            worst,
            error: failure instanceof HeraldError ? failure.type : 'RequestProcessingError',
          },
    });
    return { moved, event };
  });
  await run.announce(finished.moved, [finished.event]);
  if (!checks) throw failure;
  return { activity: finished.moved, checks, eventId: finished.event.id };
}
