import {
  CHECK_OUTCOMES,
  HeraldError,
  worstCheckStatus,
  type ActivityRecord,
  type CheckResult,
  type WorkflowEventRecord,
} from '@herald/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { RunActivityChecks } from '../checks/check-run.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { notifyActivityUsers } from './activity-notices.ts';
import { forgetCheckRun, recordCheckRun } from './check-runs.ts';
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

/** Whether this process runs any check now (its runs' heartbeats are then due: check-run-watch.ts). */
export function hasRunningChecks(): boolean {
  return runningChecks.size > 0;
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
  log: Pick<FastifyBaseLogger, 'error'>;
  /** This server process (the job runner's), recorded with the run so a run left by a stopped one is found. */
  processId: string;
}

/** The notice of a finished run, by its worst result (their text: the web's notifications.messages). */
const CHECK_MESSAGE_KEYS = {
  pass: 'activityChecksPassed',
  warn: 'activityChecksWarned',
  fail: 'activityChecksFailed',
} as const;

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
    const runId = await recordCheckRun(trx, actor.organizationId, run.activity.id, run.processId);
    return { moved, event, runId };
  });
  try {
    return await finishCheck(run, started);
  } catch (error) {
    // Cancelled, stopped or failed: the run is over. (One that recorded an outcome removed its row with it.)
    await forgetCheckRun(db, run.activity.id, started.runId).catch((forgetting: unknown) =>
      run.log.error({ err: forgetting }, 'forgetting a check run failed'),
    );
    throw error;
  }
}

/** Runs the checks of a started run, then records, pushes and tells its outcome. */
async function finishCheck(
  run: CheckRun,
  started: { moved: ActivityRecord; event: WorkflowEventRecord; runId: string },
): Promise<{ activity: ActivityRecord; checks: CheckResult[]; eventId: number }> {
  const { db, actor } = run;
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
    await forgetCheckRun(trx, run.activity.id, started.runId);
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
    return { moved, event, worst };
  });
  await run.announce(finished.moved, [finished.event]);
  // Who ran it and the participants hear how it went; a cancelled run (thrown above) tells no one.
  await notifyActivityUsers(db, {
    organizationId: actor.organizationId,
    activityId: finished.moved.id,
    name: finished.moved.name,
    kind: 'checks',
    messageKey: CHECK_MESSAGE_KEYS[finished.worst],
    actorUserId: actor.userId,
  }).catch((error: unknown) => run.log.error({ err: error }, 'notifying a check run failed'));
  if (!checks) throw failure;
  return { activity: finished.moved, checks, eventId: finished.event.id };
}
