import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { jobTimings } from '../jobs/job-runner.ts';

/** A claimed delivery with the subscriber's profile, as the composer reads it. */
export interface ClaimedDelivery {
  id: number;
  subscriberId: number;
  variation: number;
  attempts: number;
  /** The subscriber's row: standard fields, custom, extra. */
  subscriber: Record<string, unknown>;
}

/**
 * Claims up to `limit` of the run's queued deliveries for this process (`sending`, claimed_by the process),
 * with SKIP LOCKED so processes sharing a run take different rows, in id order, none before its retry time.
 * The subscriber's profile comes in the same statement.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  runId: number,
  processId: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const rows = await sql<{
    id: string;
    subscriber_id: number;
    variation: number;
    attempts: number;
    subscriber: Record<string, unknown>;
  }>`
    WITH claimed AS (
      UPDATE delivery d SET status = 'sending', claimed_by = ${processId}, claimed_at = now(),
        attempts = d.attempts + 1
      FROM (SELECT id FROM delivery WHERE run_id = ${runId} AND status = 'queued'
          AND (retry_at IS NULL OR retry_at <= now())
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) c
      WHERE d.id = c.id
      RETURNING d.id, d.subscriber_id, d.variation, d.attempts, d.organization_id
    )
    SELECT claimed.id::text AS id, claimed.subscriber_id, claimed.variation, claimed.attempts,
      to_jsonb(s) - 'scores' - 'partition_ids' AS subscriber
    FROM claimed JOIN subscriber s ON s.id = claimed.subscriber_id AND s.organization_id = claimed.organization_id
    ORDER BY claimed.id`.execute(db);
  return rows.rows.map((row) => ({
    id: Number(row.id),
    subscriberId: row.subscriber_id,
    variation: row.variation,
    attempts: row.attempts,
    subscriber: row.subscriber,
  }));
}

/**
 * Puts back deliveries this process claimed but will not send (a claim made ahead, then the server stopped):
 * queued again, and the try the claim counted is not counted.
 */
export async function releaseClaims(
  db: Kysely<Database>,
  processId: string,
  deliveries: readonly ClaimedDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await sql`UPDATE delivery SET status = 'queued', claimed_by = NULL, attempts = greatest(attempts - 1, 0)
    WHERE id = ANY(${deliveries.map((delivery) => delivery.id)}::bigint[]) AND claimed_by = ${processId}
      AND status = 'sending'`.execute(db);
}

/**
 * Takes back the run's deliveries left `sending` by a process that is gone (a killed process's batch is taken
 * over and finished: docs/architecture.md § The delivery engine, exactly once over SMTP): claimed by another
 * process that holds no running job with a live heartbeat. They go back to the queue and are sent again, which is
 * safe: a delivery is committed `sent` before its provider accepts it (the SMTP dot is held back until then), so
 * one still `sending` was never accepted. A process merely slow loses nothing either: its commit of `sent` finds
 * the row no longer its own, and it aborts that message before the dot. Answers how many came back.
 */
export async function reclaimAbandoned(
  db: Kysely<Database>,
  runId: number,
  processId: string,
): Promise<number> {
  const result = await sql`
    UPDATE delivery d SET status = 'queued', claimed_by = NULL
    WHERE d.run_id = ${runId} AND d.status = 'sending' AND d.claimed_by IS DISTINCT FROM ${processId}
      AND NOT EXISTS (SELECT 1 FROM job j WHERE j.locked_by = d.claimed_by AND j.status = 'running'
        AND j.heartbeat_at > now() - make_interval(secs => ${jobTimings.staleAfterMs / 1000}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** What is left of a run: queued (now or later) and in flight. */
export async function runRemaining(
  db: Kysely<Database>,
  runId: number,
): Promise<{ queued: number; sending: number; nextRetryAt: Date | null }> {
  const rows = await sql<{ queued: number; sending: number; next_retry_at: Date | null }>`
    SELECT count(*) FILTER (WHERE status = 'queued')::integer AS queued,
      count(*) FILTER (WHERE status = 'sending')::integer AS sending,
      min(retry_at) FILTER (WHERE status = 'queued' AND retry_at > now()) AS next_retry_at
    FROM delivery WHERE run_id = ${runId} AND status IN ('queued', 'sending')`.execute(db);
  const row = rows.rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    sending: Number(row?.sending ?? 0),
    nextRetryAt: row?.next_retry_at ? new Date(row.next_retry_at) : null,
  };
}
