import type { DeliveryError } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { releaseClaims, type ClaimedDelivery } from './claim.ts';
import { markFailed, markForRetry, markSent, recordProviderIds, revertSent } from './ledger.ts';
import { SendError, type Messenger, type OutgoingMessage } from './messenger.ts';
import type { Composed } from './run-context.ts';

/** Tries a message gets before it fails for good, and the wait before each next try. */
export const SEND_ATTEMPTS = 3;
export const RETRY_DELAYS_MS = [30_000, 120_000];

/** The commit of `sent` found the delivery claimed elsewhere: its message must not go. */
export class LostClaimError extends Error {
  constructor() {
    super('The delivery is no longer claimed by this process');
  }
}

/**
 * Commits deliveries as `sent` in groups: each message's `accepting` waits here, and whatever arrived while the
 * last commit ran goes in the next one. One commit (one fsync) then covers as many messages as are held at
 * their final dot at that moment, which is what lets a run send a thousand messages a second while still
 * committing each before its provider accepts it.
 */
export class SentCommitter {
  readonly #db: Kysely<Database>;
  readonly #processId: string;
  #pending: Array<{ id: number; resolve: () => void; reject: (error: unknown) => void }> = [];
  #draining = false;

  constructor(db: Kysely<Database>, processId: string) {
    this.#db = db;
    this.#processId = processId;
  }

  accept(id: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ id, resolve, reject });
      if (!this.#draining) {
        this.#draining = true;
        void this.#drain();
      }
    });
  }

  async #drain(): Promise<void> {
    // Let the messages that reach their dot in this turn of the event loop join the first commit.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#pending.length > 0) {
      const group = this.#pending;
      this.#pending = [];
      try {
        const committed = await this.#db.transaction().execute((trx) =>
          markSent(
            trx,
            this.#processId,
            group.map(({ id }) => ({ id })),
          ),
        );
        for (const entry of group)
          if (committed.has(entry.id)) entry.resolve();
          else entry.reject(new LostClaimError());
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    this.#draining = false;
  }
}

/** The channels whose transports call `accepting` themselves, at the last moment before the provider has it. */
const HOLDS_BACK: ReadonlySet<string> = new Set(['email', 'web']);

export interface BatchOutcome {
  sent: number;
  failed: number;
  retried: number;
}

export interface BatchSender {
  db: Kysely<Database>;
  processId: string;
  messenger: Messenger;
  committer: SentCommitter;
  compose(delivery: ClaimedDelivery): Promise<Composed>;
  signal: AbortSignal;
  /** Messages in flight at once (the SMTP pool's connections, or parallel HTTP requests). */
  concurrency: number;
}

function sendErrorOf(error: unknown): DeliveryError {
  const sendError = error instanceof SendError ? error : undefined;
  return {
    stage: 'send',
    message: error instanceof Error ? error.message : String(error),
    ...(sendError?.code ? { code: sendError.code } : {}),
    ...(error instanceof Error && error.stack
      ? { trace: error.stack.split('\n').slice(0, 12).join('\n') }
      : {}),
    permanent: sendError?.permanent ?? false,
  };
}

/**
 * Sends a claimed batch (docs/architecture.md § The delivery engine, sending): each message composed, then handed
 * to the channel's Messenger, which calls `accepting` before its provider can take it; the committer commits it
 * `sent` then. What failed is recorded: for good when the provider says so or the tries are used up, else queued
 * again after a wait. A provider that refuses a message after it was committed (an SMTP reply to the dot) takes
 * the commit back; one that gave no answer at all leaves it sent, since it may have taken it, and a duplicate is
 * worse than a doubt.
 */
export async function sendBatch(
  sender: BatchSender,
  batch: readonly ClaimedDelivery[],
): Promise<BatchOutcome> {
  const failures: Array<{ id: number; error: DeliveryError }> = [];
  const retries: Array<{ id: number; error: DeliveryError; retryAt: Date }> = [];
  const reverts: Array<{ id: number; error: DeliveryError; retryAt: Date | null }> = [];
  const providerIds: Array<{ id: number; providerMessageId: string }> = [];
  const unsent: ClaimedDelivery[] = [];
  let sent = 0;
  const later = (delivery: ClaimedDelivery) =>
    delivery.attempts >= SEND_ATTEMPTS
      ? null
      : new Date(Date.now() + (RETRY_DELAYS_MS[delivery.attempts - 1] ?? RETRY_DELAYS_MS.at(-1)!));

  const sendOne = async (delivery: ClaimedDelivery) => {
    // The server is stopping: what has not started goes back to the queue untried, for the next process.
    if (sender.signal.aborted) {
      unsent.push(delivery);
      return;
    }
    let composed: Composed;
    try {
      composed = await sender.compose(delivery);
    } catch (error) {
      composed = { error: { ...sendErrorOf(error), stage: 'render', permanent: true } };
    }
    if ('error' in composed) {
      failures.push({ id: delivery.id, error: composed.error });
      return;
    }
    let committed = false;
    const commit = async () => {
      await sender.committer.accept(delivery.id);
      committed = true;
    };
    try {
      // An HTTP provider cannot be held at the point of accepting: the commit goes just before the request.
      if (!HOLDS_BACK.has(sender.messenger.channel)) await commit();
      const receipt = await sender.messenger.send(
        composed.message as OutgoingMessage as never,
        sender.signal,
        HOLDS_BACK.has(sender.messenger.channel) ? commit : undefined,
      );
      // A transport that never called `accepting` still has its delivery recorded, late rather than never.
      if (!committed) await commit();
      sent += 1;
      if (receipt.providerMessageId)
        providerIds.push({ id: delivery.id, providerMessageId: receipt.providerMessageId });
    } catch (error) {
      if (error instanceof LostClaimError || hasCause(error, LostClaimError)) return;
      const failure = sendErrorOf(error);
      if (committed) {
        // An answer after the commit refuses the message; no answer leaves it sent (see above).
        if (failure.code === undefined) {
          sent += 1;
          return;
        }
        reverts.push({
          id: delivery.id,
          error: failure,
          retryAt: failure.permanent ? null : later(delivery),
        });
        return;
      }
      const retryAt = failure.permanent ? null : later(delivery);
      if (retryAt) retries.push({ id: delivery.id, error: failure, retryAt });
      else failures.push({ id: delivery.id, error: failure });
    }
  };

  let next = 0;
  const lanes = Array.from({ length: Math.min(sender.concurrency, batch.length) }, async () => {
    while (next < batch.length) {
      const delivery = batch[next++]!;
      await sendOne(delivery);
    }
  });
  await Promise.all(lanes);
  await markFailed(sender.db, sender.processId, failures);
  await markForRetry(sender.db, sender.processId, retries);
  await revertSent(sender.db, reverts);
  await recordProviderIds(sender.db, providerIds);
  await releaseClaims(sender.db, sender.processId, unsent);
  return {
    sent: sent - reverts.length,
    failed: failures.length + reverts.filter((revert) => revert.retryAt === null).length,
    retried: retries.length,
  };
}

function hasCause(error: unknown, type: new () => Error): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    if (cause instanceof type) return true;
    if (!(cause instanceof Error)) return false;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
