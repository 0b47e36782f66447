import type { DeliveryError } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';

/** The job kind that sends a run's messages (delivery/run-job.ts). */
export const DELIVERY_RUN_JOB_KIND = 'deliveryRun';

/** What a deliveryRun job carries. */
export interface DeliveryRunJobParams {
  runId: number;
  activityId: number;
  /** Which of the run's workers this is (several share a run: each claims its own batches). */
  worker: number;
}

/**
 * How many worker jobs a run gets. Each claims batches with SKIP LOCKED, so on one process they overlap their
 * waits on the provider and the database, and on several processes each takes part of the run.
 */
export function deliveryWorkers(): number {
  const configured = Number(process.env.HERALD_DELIVERY_WORKERS);
  return Number.isInteger(configured) && configured >= 1 && configured <= 16 ? configured : 2;
}

/**
 * Queues the workers of a run (a new run, a resumed one, one whose failed deliveries are retried). A worker of
 * the run still queued or running is kept rather than doubled. The caller pokes services.jobs after commit.
 */
export async function queueRunWorkers(
  trx: Transaction<Database> | Kysely<Database>,
  run: { organizationId: number; runId: number; activityId: number; name: string; createdBy: number | null },
): Promise<number[]> {
  const ids: number[] = [];
  for (let worker = 0; worker < deliveryWorkers(); worker++) {
    const params: DeliveryRunJobParams = { runId: run.runId, activityId: run.activityId, worker };
    ids.push(
      await enqueueJob(trx, {
        organizationId: run.organizationId,
        kind: DELIVERY_RUN_JOB_KIND,
        name: run.name,
        // One worker of a run per process (job-runner.ts): the others are for other processes to take.
        params: { ...params, spreadKey: `delivery:${run.runId}` },
        createdBy: run.createdBy,
        // A queued worker of the same run and number is moved rather than doubled.
        series: `delivery:${run.runId}:${worker}`,
      }),
    );
  }
  return ids;
}

/** A delivery the provider is about to accept (or has), with its id there when known. */
export interface SentDelivery {
  id: number;
  providerMessageId?: string | undefined;
}

/**
 * Records deliveries as sent, in the caller's transaction: each still `sending` under this process's claim
 * becomes `sent`, its run's count goes up, and a `sent` event goes into the subscriber's history with the
 * activity, its campaign, the run, the channel and the variation (so `sent activity 42` targets it and an
 * activity triggered by "sent" fires). Answers the ids recorded; one claimed elsewhere meanwhile (a process
 * that took over a stale claim) is not, and its message must not go.
 */
export async function markSent(
  trx: Transaction<Database> | Kysely<Database>,
  processId: string,
  deliveries: readonly SentDelivery[],
): Promise<Set<number>> {
  if (deliveries.length === 0) return new Set();
  const rows = await sql<{ id: string }>`
    WITH sent AS (
      UPDATE delivery d SET status = 'sent', sent_at = now(), claimed_by = NULL, retry_at = NULL, error = NULL,
        provider_message_id = coalesce(v.provider_message_id, d.provider_message_id)
      FROM unnest(${deliveries.map((delivery) => delivery.id)}::bigint[],
        ${deliveries.map((delivery) => delivery.providerMessageId ?? null)}::text[]) AS v(id, provider_message_id)
      WHERE d.id = v.id AND d.status = 'sending' AND d.claimed_by = ${processId}
      RETURNING d.id, d.organization_id, d.run_id, d.activity_id, d.subscriber_id, d.channel, d.variation
    ), counted AS (
      UPDATE deployment_run r SET sent = r.sent + c.n
      FROM (SELECT run_id, count(*)::integer AS n FROM sent GROUP BY run_id) c WHERE r.id = c.run_id
      RETURNING r.id
    ), events AS (
      INSERT INTO subscriber_event (organization_id, subscriber_id, kind, activity_id, campaign_id, details)
      SELECT s.organization_id, s.subscriber_id, 'sent', s.activity_id, a.campaign_id,
        jsonb_build_object('deliveryId', s.id::text, 'runId', s.run_id, 'channel', s.channel,
          'variation', s.variation)
      FROM sent s LEFT JOIN activity a ON a.id = s.activity_id AND a.organization_id = s.organization_id
      RETURNING id
    )
    SELECT id::text AS id FROM sent`.execute(trx);
  return new Set(rows.rows.map((row) => Number(row.id)));
}

/**
 * Records deliveries as failed for good, with what went wrong (docs/architecture.md § Sending errors), and counts
 * them on their runs. Only rows still claimed by this process change.
 */
export async function markFailed(
  db: Transaction<Database> | Kysely<Database>,
  processId: string,
  failures: ReadonlyArray<{ id: number; error: DeliveryError }>,
): Promise<void> {
  if (failures.length === 0) return;
  await sql`
    WITH failed AS (
      UPDATE delivery d SET status = 'failed', claimed_by = NULL, retry_at = NULL, error = v.error
      FROM unnest(${failures.map((failure) => failure.id)}::bigint[],
        ${failures.map((failure) => JSON.stringify(failure.error))}::jsonb[]) AS v(id, error)
      WHERE d.id = v.id AND d.status = 'sending' AND d.claimed_by = ${processId}
      RETURNING d.run_id
    )
    UPDATE deployment_run r SET failed = r.failed + c.n
    FROM (SELECT run_id, count(*)::integer AS n FROM failed GROUP BY run_id) c WHERE r.id = c.run_id`.execute(
    db,
  );
}

/**
 * Puts deliveries whose send failed for a reason that may pass back in the queue, not to be claimed before
 * `retryAt`, keeping the error for the page. Only rows still claimed by this process change.
 */
export async function markForRetry(
  db: Transaction<Database> | Kysely<Database>,
  processId: string,
  retries: ReadonlyArray<{ id: number; error: DeliveryError; retryAt: Date }>,
): Promise<void> {
  if (retries.length === 0) return;
  await sql`
    UPDATE delivery d SET status = 'queued', claimed_by = NULL, error = v.error, retry_at = v.retry_at
    FROM unnest(${retries.map((retry) => retry.id)}::bigint[],
      ${retries.map((retry) => JSON.stringify(retry.error))}::jsonb[],
      ${retries.map((retry) => retry.retryAt.toISOString())}::timestamptz[]) AS v(id, error, retry_at)
    WHERE d.id = v.id AND d.status = 'sending' AND d.claimed_by = ${processId}`.execute(db);
}

/**
 * Takes back deliveries committed `sent` whose provider then answered that it did not take the message (an
 * SMTP reply after the dot, an HTTP error after the request): they become failed, or queued again for
 * `retryAt`, the run's counts follow and their `sent` events are withdrawn.
 */
export async function revertSent(
  db: Kysely<Database>,
  reverts: ReadonlyArray<{ id: number; error: DeliveryError; retryAt: Date | null }>,
): Promise<void> {
  if (reverts.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const rows = await sql<{ run_id: string; retried: boolean }>`
      UPDATE delivery d SET status = CASE WHEN v.retry_at IS NULL THEN 'failed' ELSE 'queued' END,
        sent_at = NULL, error = v.error, retry_at = v.retry_at
      FROM unnest(${reverts.map((revert) => revert.id)}::bigint[],
        ${reverts.map((revert) => JSON.stringify(revert.error))}::jsonb[],
        ${reverts.map((revert) => revert.retryAt?.toISOString() ?? null)}::timestamptz[]) AS v(id, error, retry_at)
      WHERE d.id = v.id AND d.status = 'sent'
      RETURNING d.run_id::text AS run_id, v.retry_at IS NOT NULL AS retried`.execute(trx);
    const byRun = new Map<string, { sent: number; failed: number }>();
    for (const row of rows.rows) {
      const counts = byRun.get(row.run_id) ?? { sent: 0, failed: 0 };
      counts.sent += 1;
      if (!row.retried) counts.failed += 1;
      byRun.set(row.run_id, counts);
    }
    for (const [runId, counts] of byRun)
      await sql`UPDATE deployment_run SET sent = sent - ${counts.sent}, failed = failed + ${counts.failed}
        WHERE id = ${runId}::bigint`.execute(trx);
    await sql`DELETE FROM subscriber_event WHERE kind = 'sent'
      AND details ->> 'deliveryId' = ANY(${reverts.map((revert) => String(revert.id))}::text[])
      AND subscriber_id = ANY(SELECT subscriber_id FROM delivery WHERE id = ANY(${reverts.map((revert) => revert.id)}::bigint[]))`.execute(
      trx,
    );
  });
}

/** Records the providers' ids of sent messages, which their receipts name (after the send: they come with it). */
export async function recordProviderIds(
  db: Kysely<Database>,
  ids: ReadonlyArray<{ id: number; providerMessageId: string }>,
): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE delivery d SET provider_message_id = v.provider_message_id
    FROM unnest(${ids.map((entry) => entry.id)}::bigint[],
      ${ids.map((entry) => entry.providerMessageId)}::text[]) AS v(id, provider_message_id)
    WHERE d.id = v.id`.execute(db);
}
