import { sql } from 'kysely';
import type { TestHerald } from './herald.ts';

/**
 * Rows of the delivery ledger and the interaction history as the engine and the tracking routes write them
 * (delivery-facts: a `sent` event per accepted delivery, opens, clicks, unsubscribes and bounces carrying the
 * delivery's id), written with SQL at chosen instants so reports can be checked against known figures.
 */
export interface EngagementActivity {
  organizationId: number;
  activityId: number;
  campaignId: number;
  runId: number;
}

/** A run of the activity, finished (the engine's counts are not what the reports read). */
export async function addDeploymentRun(
  herald: TestHerald,
  organizationId: number,
  activityId: number,
): Promise<EngagementActivity> {
  const db = herald.database.db;
  const activity = await db
    .selectFrom('activity')
    .select(['campaign_id', 'type', 'latest_revision_id'])
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
  const run = await sql<{ id: string }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id,
      channel, status) VALUES (${organizationId}, ${activityId}, ${activity.latest_revision_id ?? 0},
      ${activity.type}, 'finished') RETURNING id::text AS id`.execute(db);
  return { organizationId, activityId, campaignId: activity.campaign_id, runId: Number(run.rows[0]!.id) };
}

/** A delivery sent to the subscriber at `at`, with its `sent` event; answers the delivery's id. */
export async function recordSend(
  herald: TestHerald,
  run: EngagementActivity,
  subscriberId: number,
  at: string,
): Promise<string> {
  const db = herald.database.db;
  const delivery = await sql<{ id: string }>`INSERT INTO delivery (organization_id, run_id, activity_id,
      subscriber_id, channel, status, sent_at, attempts) VALUES (${run.organizationId}, ${run.runId},
      ${run.activityId}, ${subscriberId}, 'email', 'sent', ${at}, 1) RETURNING id::text AS id`.execute(db);
  const deliveryId = delivery.rows[0]!.id;
  await recordEngagement(herald, run, subscriberId, deliveryId, 'sent', at, {
    runId: run.runId,
    channel: 'email',
    variation: 0,
  });
  return deliveryId;
}

/** One event of a delivery: `opened` (with `machine`), `clicked`, `unsubscribed`, `bounced` … */
export async function recordEngagement(
  herald: TestHerald,
  run: EngagementActivity,
  subscriberId: number,
  deliveryId: string,
  kind: string,
  at: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await herald.database.db
    .insertInto('subscriber_event')
    .values({
      organization_id: run.organizationId,
      subscriber_id: subscriberId,
      kind,
      occurred_at: at,
      activity_id: run.activityId,
      campaign_id: run.campaignId,
      list_id: null,
      details: JSON.stringify({ deliveryId, ...details }),
    })
    .execute();
}
