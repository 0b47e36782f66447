import {
  HeraldError,
  type ActivityTriggerRequest,
  type ActivityTriggerResponse,
  type TriggeredSendStatus,
} from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { findSubscriber } from './find-subscriber.ts';
import { scheduleTriggerDecisions } from './trigger-job.ts';

interface TriggerRow {
  id: number;
  subscriber_id: number;
  status: TriggeredSendStatus;
  run_at: Date;
}

/**
 * The API trigger (docs/workflow.md § Scheduling; docs/http.md § Triggered sends): queues one send of a live
 * API-triggered activity to one subscriber, due now, and wakes the decider. The activity must be `deploying` with
 * distribution `api` (WorkflowTransitionError otherwise: it has not been approved and deployed, or was
 * suspended). With a request key (the Idempotency-Key header) a repeated call answers the first trigger and
 * queues nothing.
 */
export async function queueApiTrigger(
  db: Kysely<Database>,
  actor: Actor,
  activityId: number,
  request: ActivityTriggerRequest,
  requestKey: string | undefined,
): Promise<ActivityTriggerResponse> {
  return db.transaction().execute(async (trx) => {
    const activity = await readVisibleActivity(trx, actor, activityId);
    if (!activity) throw new HeraldError('NotFoundError');
    if (activity.distribution.type !== 'api' || activity.status !== 'deploying' || activity.isArchived)
      throw new HeraldError('WorkflowTransitionError');
    const subscriberId = await findSubscriber(trx, actor, request);
    const inserted = await sql<TriggerRow>`INSERT INTO triggered_send
        (organization_id, activity_id, subscriber_id, source, request_key, run_at, details)
      VALUES (${actor.organizationId}, ${activity.id}, ${subscriberId}, 'api', ${requestKey ?? null}, now(),
        ${JSON.stringify({ userId: actor.userId })}::jsonb)
      ON CONFLICT DO NOTHING
      RETURNING id, subscriber_id, status, run_at`.execute(trx);
    let row = inserted.rows[0];
    const repeated = row === undefined;
    if (!row) {
      const earlier = await sql<TriggerRow>`SELECT id, subscriber_id, status, run_at FROM triggered_send
        WHERE activity_id = ${activity.id} AND request_key = ${requestKey ?? null}`.execute(trx);
      row = earlier.rows[0];
      if (!row) throw new Error('The trigger was neither queued nor found');
    } else {
      await scheduleTriggerDecisions(trx, new Date(row.run_at));
    }
    return {
      triggeredSendId: Number(row.id),
      subscriberId: Number(row.subscriber_id),
      status: row.status,
      runAt: new Date(row.run_at).toISOString(),
      repeated,
    };
  });
}
