import { HeraldError } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { tidyAfterBulkWork } from '../database/table-upkeep.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { JobLostError, type JobContext, type JobHandler } from '../jobs/job-runner.ts';
import { checkTarget } from '../targets/target-input.ts';
import { validation } from '../query/resources.ts';
import { readAudience, storedTarget } from './audience-record.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Puts an audience back in the queue and queues the job that generates it. Called in the transaction that
 * changed the audience (a new audience, a new target) or by generateAudience; the job reads the target when
 * it runs, so a later change still generates what is stored then. The caller pokes services.jobs after commit
 * when it can (writeRecords cannot: the runner's poll starts the job within half a second).
 */
export async function queueAudienceGeneration(
  trx: Transaction<Database>,
  organizationId: number,
  audienceId: number,
  userId: number | null,
): Promise<number> {
  const audience = await sql<{ name: string }>`UPDATE audience SET status = 'in-queue'
    WHERE id = ${audienceId} AND organization_id = ${organizationId} RETURNING name`.execute(trx);
  const name = audience.rows[0]?.name;
  if (name === undefined) throw new HeraldError('NotFoundError');
  return enqueueJob(trx, {
    organizationId,
    kind: 'audience',
    name,
    params: { audienceId },
    createdBy: userId,
  });
}

/** The audience's generation state, stored without touching its version (it is the server's, not an edit). */
async function setStatus(db: Executor, organizationId: number, audienceId: number, status: string) {
  await sql`UPDATE audience SET status = ${status}
    WHERE id = ${audienceId} AND organization_id = ${organizationId}`.execute(db);
}

async function announceAudience(context: JobContext, audienceId: number): Promise<void> {
  const record = await readAudience(context.db, context.job.organizationId, audienceId);
  if (!record) return;
  try {
    await context.recordChanges.announce({
      organizationId: context.job.organizationId,
      type: 'audience',
      records: [record],
    });
  } catch (error) {
    // The status is stored; a lost push only means clients see it on their next read.
    context.log.warn({ err: error }, 'announcing an audience failed');
  }
}

/** What administrators read in the audience's `error`: the validation details when there are some. */
function internalMessage(error: unknown): string {
  if (error instanceof HeraldError && error.details?.length)
    return error.details.map((detail) => detail.message).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/**
 * Writes the members in one transaction, so readers (and targets naming this audience) see the last
 * generation's members or the new ones, never half. The audience row is locked first: two generations of
 * one audience wait for each other, and the target compiled is the one stored now (a change made while the
 * count ran is what gets written; its own job then finds nothing new).
 */
async function writeMembers(context: JobContext, audienceId: number): Promise<number> {
  const { organizationId } = context.job;
  return context.db.transaction().execute(async (trx) => {
    const locked = await sql<{ target: unknown }>`SELECT target FROM audience
      WHERE id = ${audienceId} AND organization_id = ${organizationId} FOR UPDATE`.execute(trx);
    const stored = locked.rows[0];
    if (!stored) throw new HeraldError('NotFoundError');
    const { condition } = await checkTarget(trx, organizationId, storedTarget(stored.target), 'target');
    await sql`DELETE FROM audience_member WHERE audience_id = ${audienceId}`.execute(trx);
    await sql`INSERT INTO audience_member (audience_id, subscriber_id, organization_id)
      SELECT ${audienceId}, subscriber.id, subscriber.organization_id FROM subscriber
      WHERE subscriber.organization_id = ${organizationId} AND subscriber.anonymized_at IS NULL
        AND ${condition}`.execute(trx);
    const counted = await sql<{ size: number }>`SELECT count(*)::integer AS size FROM audience_member
      WHERE audience_id = ${audienceId}`.execute(trx);
    const size = Number(counted.rows[0]?.size ?? 0);
    if (context.signal.aborted) throw new JobLostError();
    await sql`UPDATE audience SET status = 'ready', size = ${size}, error = NULL, generated_at = now()
      WHERE id = ${audienceId}`.execute(trx);
    await sql`INSERT INTO audience_size_day (audience_id, day, size)
      VALUES (${audienceId}, (now() AT TIME ZONE 'UTC')::date, ${size})
      ON CONFLICT (audience_id, day) DO UPDATE SET size = EXCLUDED.size`.execute(trx);
    return size;
  });
}

/**
 * The 'audience' job: calculating (the target is compiled against the organization as it is now and
 * counted), in-progress (the members are written), then ready with the size, the generation time and
 * today's size in the history. Each status change is pushed live. Any failure leaves the previous members
 * in place, marks the audience `error` with the reason for administrators, and fails the job with
 * AudienceGenerationError, the message users see.
 */
async function runAudienceGeneration(context: JobContext): Promise<Record<string, unknown>> {
  const { job, db } = context;
  const audienceId = Number(job.params.audienceId);
  const current = await readAudience(db, job.organizationId, audienceId);
  if (!current) throw new HeraldError('NotFoundError');
  // A locked audience keeps its members (a sending uses them); its generation waits until it is unlocked.
  if (current.status === 'locked') throw validation('params.audienceId', 'The audience is locked');
  const checkStop = () => {
    if (context.signal.aborted) throw new JobLostError();
  };
  try {
    await setStatus(db, job.organizationId, audienceId, 'calculating');
    await announceAudience(context, audienceId);
    const { condition } = await checkTarget(db, job.organizationId, current.target, 'target');
    const counted = await sql<{ total: number }>`SELECT count(*)::integer AS total FROM subscriber
      WHERE subscriber.organization_id = ${job.organizationId} AND subscriber.anonymized_at IS NULL
        AND ${condition}`.execute(db);
    const total = Number(counted.rows[0]?.total ?? 0);
    context.reportProgress(0, total);
    checkStop();
    await setStatus(db, job.organizationId, audienceId, 'in-progress');
    await announceAudience(context, audienceId);
    const size = await writeMembers(context, audienceId);
    context.reportProgress(size, size);
    await announceAudience(context, audienceId);
    // The members were rewritten: the old ones are dead rows, which PGlite never reclaims by itself.
    await tidyAfterBulkWork(context.database, ['audience_member'], { vacuum: true });
    return { audienceId, size };
  } catch (error) {
    if (error instanceof JobLostError || context.signal.aborted) {
      // The members were not touched. A stopping server hands the job back to the queue, so the audience
      // waits there; a cancelled generation leaves nothing queued, so the audience goes back to its last
      // generation, or, having none, says it was cancelled (a new generation is one click away). cancelJob's
      // hook settled it already; it is settled again here because this run, in whichever process, may have
      // written a status after the hook did.
      await settleStoppedGeneration(db, job.id, job.organizationId, audienceId).catch(() => {});
      await announceAudience(context, audienceId);
      throw error;
    }
    const message = internalMessage(error);
    context.log.warn({ err: error, audienceId }, 'audience generation failed');
    await sql`UPDATE audience SET status = 'error', error = ${message.slice(0, 2000)}
      WHERE id = ${audienceId} AND organization_id = ${job.organizationId}`.execute(db);
    await announceAudience(context, audienceId);
    throw new HeraldError('AudienceGenerationError');
  }
}

async function settleStoppedGeneration(
  db: Kysely<Database>,
  jobId: number,
  organizationId: number,
  audienceId: number,
): Promise<void> {
  const job = await sql<{ status: string }>`SELECT status FROM job WHERE id = ${jobId}`.execute(db);
  if (job.rows[0]?.status === 'cancelled') await settleCancelledGeneration(db, organizationId, audienceId);
  else await setStatus(db, organizationId, audienceId, 'in-queue');
}

/** A cancelled generation (queued or running): back to the last generation, or "cancelled" without one. */
async function settleCancelledGeneration(
  db: Kysely<Database>,
  organizationId: number,
  audienceId: number,
): Promise<void> {
  await sql`UPDATE audience SET
      status = CASE WHEN generated_at IS NULL THEN 'error' ELSE 'ready' END,
      error = CASE WHEN generated_at IS NULL THEN ${CANCELLED_MESSAGE} ELSE error END
    WHERE id = ${audienceId} AND organization_id = ${organizationId}`.execute(db);
}

/** The audience's `error` when its first generation was cancelled. */
export const CANCELLED_MESSAGE = 'The generation was cancelled before it finished';

/** The 'audience' job kind: a generation. */
export const audienceGenerationJob: JobHandler = {
  capability: 'database-manage',
  run: runAudienceGeneration,
  cancelled: (db, job) => settleCancelledGeneration(db, job.organizationId, Number(job.params.audienceId)),
};
