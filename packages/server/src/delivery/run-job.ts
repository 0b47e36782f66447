import { HeraldError, type DeliveryError } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { JobContext, JobHandler, JobServices } from '../jobs/job-runner.ts';
import {
  claimDeliveries,
  reclaimAbandoned,
  releaseClaims,
  runRemaining,
  type ClaimedDelivery,
} from './claim.ts';
import { sendDisplayAdRun } from './displayad-audience.ts';
import { DELIVERY_RUN_JOB_KIND, type DeliveryRunJobParams } from './ledger.ts';
import type { Messenger } from './messenger.ts';
import { quietUntil } from './quiet-hours.ts';
import { RunContext, type RunRow } from './run-context.ts';
import { ensureSnapshot, finishRun, readRunRecord, setRunStatus } from './run-lifecycle.ts';
import { SentCommitter, sendBatch } from './send-batch.ts';
import { takeThrottle } from './throttle.ts';
import { EmailMessenger } from './transports/email-messenger.ts';
import { emailRelayFor } from './transports/email-relay.ts';
import { isTransportChannel, messengerFor } from './transports/index.ts';

/** Deliveries claimed at a time: small enough that a suspend or a throttle change is seen within a second. */
const BATCH = 100;
/** How often a worker looks for a dead process's claims, and pushes progress at most. */
const RECLAIM_EVERY_MS = 5_000;
const PROGRESS_EVERY_MS = 500;

/**
 * Messages in flight at once per worker (HERALD_SEND_CONCURRENCY, 25 by default; the SMTP pool's size). More
 * in flight means more messages per commit of `sent`, the engine's main cost after building the MIME.
 */
export function sendConcurrency(): number {
  const configured = Number(process.env.HERALD_SEND_CONCURRENCY);
  return Number.isInteger(configured) && configured >= 1 && configured <= 100 ? configured : 25;
}

/** The worker's next move (runDeliveryWorker's nextStep). */
type Step =
  | { kind: 'end' }
  | { kind: 'deferred'; until: Date }
  | { kind: 'again' }
  | { kind: 'batch'; claimed: ClaimedDelivery[] };

interface RunState {
  runStatus: string;
  activityStatus: string;
  throttle: number | null;
  settings: Record<string, unknown>;
}

/** One read per batch: the run's and the activity's state, the throttle and the settings, as they are now. */
async function readRunState(db: Kysely<Database>, runId: number): Promise<RunState | undefined> {
  const rows = await sql<{
    run_status: string;
    activity_status: string;
    throttle: number | null;
    settings: Record<string, unknown>;
  }>`SELECT r.status AS run_status, a.status AS activity_status, a.throttle, o.settings
    FROM deployment_run r JOIN activity a ON a.id = r.activity_id AND a.organization_id = r.organization_id
    JOIN organization o ON o.id = r.organization_id WHERE r.id = ${runId}`.execute(db);
  const row = rows.rows[0];
  return row
    ? {
        runStatus: row.run_status,
        activityStatus: row.activity_status,
        throttle: row.throttle,
        settings: row.settings ?? {},
      }
    : undefined;
}

/** The channel's Messenger for the run, or the error every delivery then fails with (no relay, no credential). */
async function openMessenger(
  db: Kysely<Database>,
  services: JobServices,
  run: RunRow,
): Promise<Messenger | DeliveryError> {
  const { config } = services;
  try {
    if (run.channel === 'email') {
      const relay = await emailRelayFor(db, config, run.organization_id);
      return new EmailMessenger(relay, {
        maxConnections: sendConcurrency(),
        maxMessages: 1_000,
      }) as Messenger;
    }
    if (isTransportChannel(run.channel))
      return (await messengerFor(db, run.organization_id, run.channel, {
        smsStatusCallbackUrl: `${config.publicUrl}/webhooks/twilio/${run.organization_id}`,
        ...(config.publicUrl.startsWith('https:') ? { vapidSubject: config.publicUrl } : {}),
      })) as Messenger;
    return { stage: 'send', message: `The ${run.channel} channel cannot send yet`, permanent: true };
  } catch (error) {
    const message =
      error instanceof HeraldError
        ? (error.details?.[0]?.message ?? error.message)
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      stage: 'send',
      message,
      code: error instanceof HeraldError ? error.type : undefined,
      permanent: true,
    };
  }
}

/** Fails every queued delivery of the run with one error (the channel cannot send at all): retried after a fix. */
async function failRemaining(db: Kysely<Database>, runId: number, error: DeliveryError): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const failed = await sql`UPDATE delivery SET status = 'failed', error = ${JSON.stringify(error)}::jsonb,
        claimed_by = NULL, retry_at = NULL
      WHERE run_id = ${runId} AND status = 'queued'`.execute(trx);
    await sql`UPDATE deployment_run SET failed = failed + ${Number(failed.numAffectedRows ?? 0)}
      WHERE id = ${runId}`.execute(trx);
  });
}

/** Queues this worker again for `at` (the end of quiet hours); the run waits till then. */
async function deferWorker(context: JobContext, params: DeliveryRunJobParams, at: Date): Promise<void> {
  await enqueueJob(context.db, {
    organizationId: context.job.organizationId,
    kind: DELIVERY_RUN_JOB_KIND,
    name: context.job.name,
    params: { ...params, spreadKey: `delivery:${params.runId}` },
    createdBy: context.job.createdBy,
    runAt: at,
    series: `delivery:${params.runId}:${params.worker}`,
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * A worker of a deployment run (docs/architecture.md § The delivery engine). It takes the snapshot
 * if nobody has, then sends in batches until nothing is left: each batch first reads the run and the activity
 * (a suspend, a cancel or a throttle change is seen at the next batch, within a second), defers through the
 * channel's quiet hours, takes its share of the throttle window, claims deliveries with SKIP LOCKED and sends
 * them. Every few seconds it takes back what a dead process left claimed. The last worker to find nothing
 * left finishes the run.
 */
async function runDeliveryWorker(context: JobContext): Promise<Record<string, unknown>> {
  const params = context.job.params as unknown as DeliveryRunJobParams;
  const { db, signal } = context;
  const services = context.services;
  if (!services) throw new Error('The delivery engine needs the job runner to be given its services');
  const organizationId = context.job.organizationId;
  const processId = context.lockedBy;
  const snapshot = await ensureSnapshot(db, params.runId);
  if (!snapshot || !['sending', 'waiting', 'suspended'].includes(snapshot.status))
    return { runId: params.runId, status: snapshot?.status ?? 'missing' };
  const run: RunRow = {
    id: Number(snapshot.id),
    organization_id: organizationId,
    activity_id: snapshot.activity_id,
    revision_id: snapshot.revision_id,
    channel: snapshot.channel,
    status: snapshot.status,
  };
  if (run.channel === 'displayad') return sendDisplayAd(context, run, params);
  const runContext = await RunContext.open(db, services, run);
  const opened = runContext ? await openMessenger(db, services, run) : undefined;
  if (!runContext || !opened || !('send' in opened)) {
    await failRemaining(
      db,
      run.id,
      (opened as DeliveryError | undefined) ?? {
        stage: 'send',
        message: 'The activity or its revision is gone',
        permanent: true,
      },
    );
    await finishRun(db, organizationId, run.id);
    return { runId: run.id, status: 'failed' };
  }
  const messenger = opened;
  const committer = new SentCommitter(db, processId);
  const sender = {
    db,
    processId,
    messenger,
    committer,
    compose: (delivery: Parameters<RunContext['compose']>[0]) => runContext.compose(delivery),
    signal,
    concurrency: sendConcurrency(),
  };
  const totals = { sent: 0, failed: 0, retried: 0, batches: 0 };
  let lastReclaim = 0;
  let lastProgress = 0;
  const pushProgress = async (force = false) => {
    if (!force && Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    const record = await readRunRecord(db, run.id);
    if (!record) return;
    context.reportProgress(record.sent + record.failed, record.recipients);
    await context.recordChanges
      .announce({ organizationId, type: 'deploymentRun', records: [record] })
      .catch((error: unknown) => context.log.error({ err: error }, 'announcing a run failed'));
  };
  /**
   * What the worker does next: the run's state read (a suspend, a cancel or a throttle change is seen here),
   * quiet hours, the throttle's grant, then a claim. `inFlight`: a batch of this worker's is being sent, so an
   * empty claim means only "come back", not "the run may be done".
   */
  const nextStep = async (inFlight: boolean): Promise<Step> => {
    signal.throwIfAborted();
    const state = await readRunState(db, run.id);
    if (!state || ['finished', 'cancelled', 'failed'].includes(state.runStatus)) return { kind: 'end' };
    if (state.activityStatus !== 'deploying') {
      // Suspended, or resumed and queued to start again (`scheduled`): the run waits, and the deployment's
      // start resumes it where it stopped (openRun). Anything else ends it.
      const waits = state.activityStatus === 'suspended' || state.activityStatus === 'scheduled';
      await setRunStatus(db, organizationId, run.id, waits ? 'suspended' : 'cancelled');
      return { kind: 'end' };
    }
    const quietEnd = quietUntil(state.settings, run.channel);
    if (quietEnd) {
      // The worker is queued for the quiet hours' end before the run says it waits, so that a run seen waiting
      // always has a worker to wake it (and the test that reads both never sees one without the other).
      await deferWorker(context, params, quietEnd);
      await setRunStatus(db, organizationId, run.id, 'waiting', quietEnd);
      return { kind: 'deferred', until: quietEnd };
    }
    if (state.runStatus !== 'sending') await setRunStatus(db, organizationId, run.id, 'sending');
    if (Date.now() - lastReclaim > RECLAIM_EVERY_MS) {
      lastReclaim = Date.now();
      await reclaimAbandoned(db, run.id, processId);
    }
    let wanted = BATCH;
    if (state.throttle !== null) {
      const grant = await takeThrottle(db, run.id, state.throttle, BATCH);
      if (grant.granted === 0) {
        await sleep(Math.min(grant.waitMs, 250), signal);
        return { kind: 'again' };
      }
      wanted = grant.granted;
    }
    const claimed = await claimDeliveries(db, run.id, processId, wanted);
    if (claimed.length > 0) return { kind: 'batch', claimed };
    if (inFlight) return { kind: 'again' };
    const remaining = await runRemaining(db, run.id);
    if (remaining.queued === 0 && remaining.sending === 0) {
      await finishRun(db, organizationId, run.id);
      return { kind: 'end' };
    }
    // Another process's batch is in flight, or retries wait for their time.
    const untilRetry = remaining.nextRetryAt ? remaining.nextRetryAt.getTime() - Date.now() : 1_000;
    await sleep(Math.max(50, Math.min(untilRetry, 1_000)), signal);
    // What another process left claimed is taken back sooner when nothing else is left.
    if (remaining.queued === 0) lastReclaim = 0;
    return { kind: 'again' };
  };
  // The next batch is claimed while this one is sent, so the database's round trips overlap the sending.
  let ahead: Promise<Step> | undefined;
  try {
    for (;;) {
      // Stopping: a batch claimed ahead is put back (below) rather than sent.
      signal.throwIfAborted();
      const step = await (ahead ?? nextStep(false));
      ahead = undefined;
      if (step.kind === 'end') break;
      if (step.kind === 'deferred')
        return { runId: run.id, deferredUntil: step.until.toISOString(), ...totals };
      if (step.kind === 'again') continue;
      ahead = nextStep(true);
      // Its failure is met where it is awaited, next turn or in `finally`.
      ahead.catch(() => {});
      const outcome = await sendBatch(sender, step.claimed);
      totals.sent += outcome.sent;
      totals.failed += outcome.failed;
      totals.retried += outcome.retried;
      totals.batches += 1;
      await pushProgress();
    }
  } finally {
    // A batch claimed ahead that will not be sent now (the server stops) goes back to the queue at once.
    const unsent = await ahead?.catch(() => undefined);
    if (unsent?.kind === 'batch') await releaseClaims(db, processId, unsent.claimed).catch(() => {});
    await messenger.close().catch(() => {});
    await pushProgress(true).catch(() => {});
  }
  return { runId: run.id, ...totals };
}

/**
 * A display ad's run is one upload of its hashed audience (displayad-audience.ts), not a message per recipient:
 * the worker that finds the run's deliveries queued uploads them all, then finishes the run; a transient failure
 * leaves them for the retry time, when the worker comes back.
 */
async function sendDisplayAd(
  context: JobContext,
  run: RunRow,
  params: DeliveryRunJobParams,
): Promise<Record<string, unknown>> {
  const { db, signal } = context;
  const organizationId = run.organization_id;
  await reclaimAbandoned(db, run.id, context.lockedBy);
  const outcome = await sendDisplayAdRun(
    db,
    context.files,
    { organizationId, runId: run.id, activityId: run.activity_id, processId: context.lockedBy },
    signal,
  );
  const remaining = await runRemaining(db, run.id);
  if (remaining.queued === 0 && remaining.sending === 0) await finishRun(db, organizationId, run.id);
  else if (remaining.nextRetryAt && remaining.sending === 0)
    await deferWorker(context, params, remaining.nextRetryAt);
  const record = await readRunRecord(db, run.id);
  if (record)
    await context.recordChanges
      .announce({ organizationId, type: 'deploymentRun', records: [record] })
      .catch((error: unknown) => context.log.error({ err: error }, 'announcing a run failed'));
  return { runId: run.id, ...outcome };
}

export const deliveryRunJob: JobHandler = {
  capability: 'content-deploy',
  run: runDeliveryWorker,
};
