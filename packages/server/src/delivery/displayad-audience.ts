import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DeliveryError } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import { channelCredentialsOf } from '../credentials/channel-credentials.ts';
import { openCredential, type OpenedCredential } from '../credentials/credential-store.ts';
import type { Database } from '../database/schema.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { markFailed, markForRetry, markSent } from './ledger.ts';
import { SendError } from './messenger.ts';
import { field, isSuccess, providerRequest, transientStatus } from './transports/provider-request.ts';

/** Deliveries are claimed, and marked, this many at a time. */
const PAGE_SIZE = 5_000;
/** A refused upload the network may take later (throttled, its own outage) is tried again after this long. */
export const DISPLAYAD_RETRY_MS = 5 * 60_000;

export interface DisplayAdRun {
  organizationId: number;
  runId: number;
  activityId: number;
  /** The engine's process id: the claim every delivery of the run is taken under. */
  processId: string;
}

export interface DisplayAdOutcome {
  /** Deliveries recorded as sent: their recipients are in the uploaded audience. */
  sent: number;
  /** Deliveries failed for good (no address to hash, the network refused the upload). */
  failed: number;
  /** Deliveries put back in the queue for another try (the network was unreachable or busy). */
  retried: number;
  /** The network's id for the upload, when it gave one. */
  uploadId?: string;
  /** Where the copy of the audience file was kept, when a file store was given. */
  file?: string;
}

/**
 * Sends a display-ad run (docs/architecture.md § Display-ad audiences): a display ad is not sent to people one by
 * one; its audience is. The engine calls this for a run whose channel is `displayad` (instead of its per-message
 * workers), once the run's deliveries are snapshotted as `queued`:
 *
 * 1. every queued delivery of the run (and any still `sending` under `processId`, from an earlier try by this
 *    process) is claimed (`sending`, `claimed_by` = processId, attempts + 1), in pages of 5,000;
 * 2. the audience file is built, CSV `hashed_email,hashed_phone`: SHA-256 hex of the trimmed, lower-cased e-mail
 *    address and of the phone number in E.164 (`+` and digits, `normalizedPhone`), either empty when the
 *    subscriber has none; a recipient with neither is failed (permanent, stage send) and left out;
 * 3. it is uploaded once, `POST {baseUrl}/audiences/{audienceName}/uploads` with the bearer token of the
 *    organization's `channelCredentials.displayad` credential, `Idempotency-Key: herald-run-{runId}` (a retried
 *    run's upload is the same upload to the network) and `content-type: text/csv`; `audienceName` is the run's
 *    revision's `channels.displayad.audienceName`;
 * 4. a 2xx answer marks every included delivery sent (`markSent`: the run's count, the `sent` events) with the
 *    network's upload id (`id` of its JSON answer) as provider message id; a transient failure (no answer, 408,
 *    429, 5xx) puts them back in the queue for DISPLAYAD_RETRY_MS (`markForRetry`); any other refusal, a missing
 *    credential or audience name fails them for good (`markFailed`) with a DeliveryError the sending-errors page
 *    shows.
 *
 * With `files`, a copy of the file is kept in the extracts directory (`audience-{organizationId}-{runId}.csv`,
 * swept with the extracts) so the activity page can offer it for download. The whole file is held in memory
 * (about 130 bytes a recipient). `signal` stops the upload; nothing is marked then, and the claims are taken over
 * as any stale claim is.
 */
export async function sendDisplayAdRun(
  db: Kysely<Database>,
  files: FileStore | undefined,
  run: DisplayAdRun,
  signal: AbortSignal,
): Promise<DisplayAdOutcome> {
  const claimed = await claimAll(db, run);
  const outcome: DisplayAdOutcome = { sent: 0, failed: 0, retried: 0 };
  if (claimed.length === 0) return outcome;
  const failAll = async (ids: readonly number[], error: DeliveryError) => {
    for (const page of pages(ids))
      await markFailed(
        db,
        run.processId,
        page.map((id) => ({ id, error })),
      );
    outcome.failed += ids.length;
  };

  const lines = ['hashed_email,hashed_phone'];
  const included: number[] = [];
  const unreachable: number[] = [];
  for (const recipient of claimed) {
    const email = recipient.email?.trim().toLowerCase();
    const phone = normalizedPhone(recipient.phone);
    if (!email && !phone) {
      unreachable.push(recipient.id);
      continue;
    }
    included.push(recipient.id);
    lines.push(`${email ? sha256(email) : ''},${phone ? sha256(phone) : ''}`);
  }
  if (unreachable.length > 0)
    await failAll(unreachable, {
      message: 'The subscriber has no e-mail address or phone number (in E.164) to add to the audience',
      stage: 'send',
      permanent: true,
    });
  if (included.length === 0) return outcome;

  const setup = await uploadSetup(db, run);
  if ('error' in setup) {
    await failAll(included, setup.error);
    return outcome;
  }
  const csv = `${lines.join('\n')}\n`;
  if (files) {
    outcome.file = audienceFilePath(files, run.organizationId, run.runId);
    await writeFile(outcome.file, csv);
    // The run's record offers the file for download from now (run-resource.ts).
    await sql`UPDATE deployment_run
      SET details = coalesce(details, '{}'::jsonb) || jsonb_build_object('audienceFileKeptAt', now())
      WHERE id = ${run.runId} AND organization_id = ${run.organizationId}`.execute(db);
  }

  let failure: { error: DeliveryError; transient: boolean } | undefined;
  try {
    const answer = await providerRequest(
      `${setup.baseUrl}/audiences/${encodeURIComponent(setup.audienceName)}/uploads`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${setup.token}`,
          'idempotency-key': `herald-run-${run.runId}`,
          'content-type': 'text/csv; charset=utf-8',
        },
        body: csv,
      },
      signal,
    );
    if (isSuccess(answer.status)) {
      const id = field(answer.json, 'id');
      if (typeof id === 'string' || typeof id === 'number') outcome.uploadId = String(id);
    } else
      failure = {
        transient: transientStatus(answer.status),
        error: {
          message: `The audience upload was refused: ${providerWords(answer.json) ?? `HTTP ${answer.status}`}`,
          code: String(answer.status),
          stage: 'send',
          permanent: !transientStatus(answer.status),
        },
      };
  } catch (error) {
    if (signal.aborted) throw error;
    if (!(error instanceof SendError)) throw error;
    failure = { transient: !error.permanent, error: { message: error.message, stage: 'send' } };
  }

  if (!failure) {
    const providerMessageId = outcome.uploadId;
    await db.transaction().execute(async (trx) => {
      for (const page of pages(included)) {
        const recorded = await markSent(
          trx,
          run.processId,
          page.map((id) => ({ id, providerMessageId })),
        );
        outcome.sent += recorded.size;
      }
    });
  } else if (failure.transient) {
    const retryAt = new Date(Date.now() + DISPLAYAD_RETRY_MS);
    const error = failure.error;
    for (const page of pages(included))
      await markForRetry(
        db,
        run.processId,
        page.map((id) => ({ id, error, retryAt })),
      );
    outcome.retried += included.length;
  } else await failAll(included, failure.error);
  return outcome;
}

/** Where a run's audience file is kept: in the extracts directory, swept with the extracts. */
export function audienceFilePath(files: FileStore, organizationId: number, runId: number): string {
  return path.join(files.extractsDir, `audience-${organizationId}-${runId}.csv`);
}

/** The name a run's audience file is downloaded as. */
export function audienceFileName(runId: number): string {
  return `audience-${runId}.csv`;
}

/**
 * A phone number in E.164 for hashing: `+` and 8 to 15 digits, separators (spaces, dots, dashes, brackets)
 * dropped and a leading international `00` read as `+`. A number written without a country code (a national
 * `0…`) cannot be placed in the world, so it answers undefined rather than a hash no network can match; digits
 * alone are read as already international.
 */
export function normalizedPhone(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const compact = phone.trim().replace(/[\s.\-()/]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  const digits = international.startsWith('+') ? international.slice(1) : international;
  if (!/^[1-9]\d{7,14}$/.test(digits)) return undefined;
  return `+${digits}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

interface ClaimedRecipient {
  id: number;
  email: string | null;
  phone: string | null;
}

/** Claims every queued delivery of the run under the process, page by page, with the addresses to hash. */
async function claimAll(db: Kysely<Database>, run: DisplayAdRun): Promise<ClaimedRecipient[]> {
  const claimed: ClaimedRecipient[] = [];
  let after = 0;
  for (;;) {
    const rows = await sql<{ id: string; email: string | null; phone: string | null }>`
      WITH taken AS (
        UPDATE delivery d SET status = 'sending', claimed_by = ${run.processId}, claimed_at = now(),
          attempts = d.attempts + 1
        WHERE d.id IN (
          SELECT id FROM delivery
          WHERE run_id = ${run.runId} AND organization_id = ${run.organizationId} AND id > ${after}
            AND (
              (status = 'queued' AND (retry_at IS NULL OR retry_at <= now()))
              OR (status = 'sending' AND claimed_by = ${run.processId})
            )
          ORDER BY id LIMIT ${PAGE_SIZE}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING d.id, d.subscriber_id
      )
      SELECT t.id::text AS id, s.email, s.phone FROM taken t
      LEFT JOIN subscriber s ON s.id = t.subscriber_id AND s.organization_id = ${run.organizationId}
        AND s.anonymized_at IS NULL
      ORDER BY t.id`.execute(db);
    for (const row of rows.rows) claimed.push({ id: Number(row.id), email: row.email, phone: row.phone });
    if (rows.rows.length < PAGE_SIZE) return claimed;
    after = claimed[claimed.length - 1]!.id;
  }
}

/** The network's address and token, and the audience the run's revision names; or why the run cannot go. */
async function uploadSetup(
  db: Kysely<Database>,
  run: DisplayAdRun,
): Promise<{ baseUrl: string; token: string; audienceName: string } | { error: DeliveryError }> {
  const organization = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', run.organizationId)
    .executeTakeFirst();
  const credentialId = channelCredentialsOf(organization?.settings).displayad;
  let credential: OpenedCredential | undefined;
  if (typeof credentialId === 'number')
    credential = await openCredential(db, run.organizationId, credentialId).catch(() => undefined);
  if (!credential?.fields.baseUrl || !credential.secrets.apiToken)
    return {
      error: {
        message:
          'No credential is set for the displayad channel’s provider. Add one under Credentials and choose it for the channel.',
        code: 'channelCredentials.displayad',
        stage: 'send',
        permanent: true,
      },
    };
  const revision = await sql<{ audience_name: string | null }>`
    SELECT r.content #>> '{channels,displayad,audienceName}' AS audience_name
    FROM deployment_run dr JOIN activity_revision r ON r.id = dr.revision_id AND r.organization_id = dr.organization_id
    WHERE dr.id = ${run.runId} AND dr.organization_id = ${run.organizationId}`.execute(db);
  const audienceName = revision.rows[0]?.audience_name?.trim();
  if (!audienceName)
    return {
      error: {
        message: 'The revision names no audience (channels.displayad.audienceName)',
        stage: 'render',
        part: 'displayad',
        permanent: true,
      },
    };
  return {
    baseUrl: credential.fields.baseUrl.replace(/\/+$/, ''),
    token: credential.secrets.apiToken,
    audienceName,
  };
}

/** The network's own words in an error answer: `{error: {message}}`, `{error}` or `{message}`. */
function providerWords(json: unknown): string | undefined {
  const error = field(json, 'error');
  const message = field(error, 'message') ?? error ?? field(json, 'message');
  return typeof message === 'string' ? message.slice(0, 300) : undefined;
}

function* pages<T>(items: readonly T[]): Generator<T[]> {
  for (let at = 0; at < items.length; at += PAGE_SIZE) yield items.slice(at, at + PAGE_SIZE);
}
