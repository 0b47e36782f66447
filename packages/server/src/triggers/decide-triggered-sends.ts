import { withinSendFrequency, type ActivityRecord, type TriggerSkipReason } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import type { SystemJob } from '../jobs/job-runner.ts';
import { planQuery, runPlannedQuery } from '../query/engine.ts';
import { ResourceRegistry, type Actor } from '../query/resources.ts';
import { subscriberResource } from '../subscribers/subscriber-resource.ts';
import { scheduleTriggerDecisions } from './trigger-job.ts';
import { openTriggeredRuns } from '../delivery/triggered-runs.ts';

const subscribers = new ResourceRegistry([subscriberResource]).of('subscriber');

/** Triggers decided per transaction: small enough to hold the rows' locks briefly. */
export const TRIGGER_BATCH = 500;

interface DueTrigger {
  id: number;
  organization_id: number;
  activity_id: number;
  subscriber_id: number;
}

type Decision =
  { id: number; status: 'ready' } | { id: number; status: 'skipped'; reason: TriggerSkipReason };

/**
 * The subscribers of `ids` that the activity's target holds and a send reaches (neither unsubscribed nor
 * invalid), by the query engine, so the target means what it means everywhere else.
 */
async function reachableInTarget(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  ids: readonly number[],
): Promise<{ inTarget: Set<number>; reachable: Set<number> }> {
  const run = async (filter: Record<string, unknown>) => {
    const plan = await planQuery(
      subscribers,
      { query: { type: 'subscriber', filter: { id: [...ids], ...filter } }, limit: ids.length },
      actor,
      new Date().toISOString().slice(0, 10),
      trx,
    );
    const { records } = await runPlannedQuery(trx, plan);
    return new Set(records.map((record) => Number((record as { id: number }).id)));
  };
  const target = activity.target?.trim() ? { target: activity.target } : {};
  const inTarget = await run(target);
  const reachable = await run({ ...target, isUnsubscribed: false, isInvalid: false });
  return { inTarget, reachable };
}

/** When each subscriber last had a send of the activity let through (ready or sent). */
async function lastSends(
  trx: Transaction<Database>,
  activityId: number,
  ids: readonly number[],
): Promise<Map<number, Date>> {
  const rows = await sql<{ subscriber_id: number; at: Date }>`SELECT subscriber_id, max(decided_at) AS at
    FROM triggered_send WHERE activity_id = ${activityId} AND subscriber_id = ANY(${[...ids]}::integer[])
      AND status IN ('ready', 'sent')
    GROUP BY subscriber_id`.execute(trx);
  return new Map(rows.rows.map((row) => [Number(row.subscriber_id), new Date(row.at)]));
}

/** Decides one activity's due triggers: live, in target, reachable, within the send frequency, once each. */
async function decideForActivity(
  trx: Transaction<Database>,
  organizationId: number,
  activityId: number,
  due: readonly DueTrigger[],
  now: Date,
): Promise<Decision[]> {
  const actor: Actor = { organizationId, userId: 0, capabilities: [], partitionIds: undefined };
  const activity = await readVisibleActivity(trx, actor, activityId);
  const live =
    activity?.status === 'deploying' &&
    !activity.isArchived &&
    (activity.distribution.type === 'api' || activity.distribution.type === 'event');
  if (!activity || !live) return due.map(({ id }) => ({ id, status: 'skipped', reason: 'activityNotLive' }));
  const ids = [...new Set(due.map((trigger) => trigger.subscriber_id))];
  const { inTarget, reachable } = await reachableInTarget(trx, actor, activity, ids);
  const last = await lastSends(trx, activity.id, ids);
  return due.map(({ id, subscriber_id: subscriberId }): Decision => {
    if (!inTarget.has(subscriberId)) return { id, status: 'skipped', reason: 'notInTarget' };
    if (!reachable.has(subscriberId)) return { id, status: 'skipped', reason: 'unreachable' };
    if (!withinSendFrequency(activity.frequency, last.get(subscriberId), now))
      return { id, status: 'skipped', reason: 'frequency' };
    // A second trigger of the same subscriber in this batch meets the frequency as if the first had gone.
    last.set(subscriberId, now);
    return { id, status: 'ready' };
  });
}

/** One batch: the due triggers, locked so that another process's decider takes others. Answers how many. */
async function decideBatch(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due =
      await sql<DueTrigger>`SELECT id, organization_id, activity_id, subscriber_id FROM triggered_send
      WHERE status = 'queued' AND run_at <= now() ORDER BY run_at, id LIMIT ${TRIGGER_BATCH}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    if (due.rows.length === 0) return 0;
    const now = new Date();
    const byActivity = new Map<number, DueTrigger[]>();
    for (const row of due.rows)
      byActivity.set(row.activity_id, [...(byActivity.get(row.activity_id) ?? []), row]);
    const decisions: Decision[] = [];
    for (const [activityId, rows] of byActivity)
      decisions.push(...(await decideForActivity(trx, rows[0]!.organization_id, activityId, rows, now)));
    await sql`UPDATE triggered_send AS t SET status = d.status, reason = d.reason, decided_at = ${now}
      FROM unnest(${decisions.map((d) => d.id)}::bigint[], ${decisions.map((d) => d.status)}::text[],
        ${decisions.map((d) => (d.status === 'skipped' ? d.reason : null))}::text[]) AS d(id, status, reason)
      WHERE t.id = d.id`.execute(trx);
    return due.rows.length;
  });
}

/**
 * The `triggeredSends` system job: decides every due trigger in batches, each `ready` or `skipped` with its
 * reason, turns the ready ones into delivery runs, then queues itself again by the next trigger's due time, if any.
 * Several processes may run it; SKIP LOCKED gives each trigger to one.
 */
export async function decideTriggeredSends(
  db: Kysely<Database>,
  job: SystemJob,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  let decided = 0;
  for (;;) {
    signal.throwIfAborted();
    const count = await decideBatch(db);
    decided += count;
    if (count < TRIGGER_BATCH) break;
  }
  // What was let through is sent: one run per activity of its ready triggers (delivery/triggered-runs.ts).
  const sent = await openTriggeredRuns(db);
  const next = await sql<{ run_at: Date | null }>`SELECT min(run_at) AS run_at FROM triggered_send
    WHERE status = 'queued'`.execute(db);
  const runAt = next.rows[0]?.run_at;
  if (runAt) await scheduleTriggerDecisions(db, new Date(runAt));
  return { decided, sent, jobId: job.id };
}
