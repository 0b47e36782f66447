import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { announceOnCommit } from '../live/record-changes.ts';
import { queueRunWorkers } from './ledger.ts';
import { readRunRecord } from './run-lifecycle.ts';

/** Ready triggers turned into deliveries per transaction. */
const TRIGGER_RUN_BATCH = 1_000;

/**
 * Sends what the trigger decider let through (docs/workflow.md § Scheduling: event-triggered activities fire
 * with their delay; the API trigger sends one activity to one subscriber). Each activity's `ready` triggers,
 * locked with SKIP LOCKED so processes take different ones, become one run of that activity with a `queued`
 * delivery per subscriber (a second trigger of the same subscriber waits for the next run, the run's key being
 * run and subscriber), the triggers `sent` with the run's id, and the run's workers queued, all in one
 * transaction: a trigger becomes exactly one delivery. Answers how many triggers were taken.
 */
export async function openTriggeredRuns(db: Kysely<Database>): Promise<number> {
  let taken = 0;
  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      const ready = await sql<{
        id: string;
        organization_id: number;
        activity_id: number;
        subscriber_id: number;
      }>`
        SELECT t.id::text AS id, t.organization_id, t.activity_id, t.subscriber_id FROM triggered_send t
        JOIN activity a ON a.id = t.activity_id AND a.organization_id = t.organization_id
        WHERE t.status = 'ready' AND a.status = 'deploying' AND a.deployed_revision_id IS NOT NULL
        ORDER BY t.id LIMIT ${TRIGGER_RUN_BATCH} FOR UPDATE OF t SKIP LOCKED`.execute(trx);
      if (ready.rows.length === 0) return 0;
      const byActivity = new Map<number, typeof ready.rows>();
      for (const row of ready.rows)
        byActivity.set(row.activity_id, [...(byActivity.get(row.activity_id) ?? []), row]);
      let used = 0;
      for (const [activityId, rows] of byActivity) {
        const seen = new Set<number>();
        const first = rows.filter((row) => !seen.has(row.subscriber_id) && seen.add(row.subscriber_id));
        const organizationId = rows[0]!.organization_id;
        const activity = await trx
          .selectFrom('activity')
          .select(['name', 'type', 'deployed_revision_id'])
          .where('id', '=', activityId)
          .executeTakeFirstOrThrow();
        const run = await trx
          .insertInto('deployment_run')
          .values({
            organization_id: organizationId,
            activity_id: activityId,
            revision_id: activity.deployed_revision_id ?? 0,
            channel: activity.type,
            status: 'sending',
            recipients: first.length,
            details: JSON.stringify({ distribution: 'trigger', triggers: first.length }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const runId = Number(run.id);
        await sql`INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel)
          SELECT ${organizationId}, ${runId}, ${activityId}, unnest(${first.map((row) => row.subscriber_id)}::integer[]),
            ${activity.type}`.execute(trx);
        await sql`UPDATE triggered_send SET status = 'sent', details = details || jsonb_build_object('runId', ${runId}::bigint)
          WHERE id = ANY(${first.map((row) => row.id)}::bigint[])`.execute(trx);
        await queueRunWorkers(trx, {
          organizationId,
          runId,
          activityId,
          name: activity.name,
          createdBy: null,
        });
        const record = await readRunRecord(trx, runId);
        if (record) await announceOnCommit(trx, { organizationId, type: 'deploymentRun', records: [record] });
        used += first.length;
      }
      return used;
    });
    taken += count;
    if (count === 0) return taken;
  }
}
