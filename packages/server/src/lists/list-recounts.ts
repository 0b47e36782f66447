import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/** A list is recounted at most once this often by one process; the changes in between wait for the next. */
export const LIST_RECOUNT_INTERVAL_MS = 5_000;

/** Recounts one list's statistics and announces the list (services.ts wires refreshListStats). */
export type RecountList = (organizationId: number, listId: number) => Promise<void>;

interface Waiting {
  timer: NodeJS.Timeout;
  done: Promise<void>;
  start: () => void;
}

/**
 * The recounts of lists whose members changed one by one, from outside a person's command: a bounce that marks
 * a subscriber invalid, a complaint or an unsubscribe that unsubscribes them everywhere. A recount is a count
 * over the whole list's memberships (refreshListStats): quick for one change, too much for a burst, as a big
 * send's hard bounces come back by the thousand within minutes, all for the same list. So each list is recounted
 * at once when it was not recounted within LIST_RECOUNT_INTERVAL_MS, and otherwise once at the end of that
 * interval for every change that came in it; recounts of one list never overlap. Each process coalesces its
 * own changes. The counts are absolute, so a recount lost with a process that stopped is made good by the
 * next one (or by updateListStats).
 */
export class ListRecounts {
  readonly #recount: RecountList;
  readonly #log: FastifyBaseLogger;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #lastStarted = new Map<number, number>();
  readonly #waiting = new Map<number, Waiting>();
  readonly #running = new Map<number, Promise<void>>();
  #stopped = false;

  constructor(
    recount: RecountList,
    log: FastifyBaseLogger,
    options: { intervalMs?: number; now?: () => number } = {},
  ) {
    this.#recount = recount;
    this.#log = log;
    this.#intervalMs = options.intervalMs ?? LIST_RECOUNT_INTERVAL_MS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Asks for the lists to be recounted after a change that has committed. Resolves when a recount that started
   * after this call has finished; never rejects (a failed recount is logged, the next change tries again).
   */
  request(organizationId: number, listIds: readonly number[]): Promise<void> {
    return Promise.all([...new Set(listIds)].map((listId) => this.#requestOne(organizationId, listId))).then(
      () => undefined,
    );
  }

  /** Starts every waiting recount now and waits for all of them: the server is stopping. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const waiting of [...this.#waiting.values()]) waiting.start();
    await Promise.all([...this.#running.values()]);
  }

  #requestOne(organizationId: number, listId: number): Promise<void> {
    const waiting = this.#waiting.get(listId);
    if (waiting) return waiting.done;
    const last = this.#lastStarted.get(listId);
    const delay =
      this.#stopped || last === undefined ? 0 : Math.max(0, last + this.#intervalMs - this.#now());
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const start = () => {
      clearTimeout(entry.timer);
      if (this.#waiting.get(listId) !== entry) return;
      // Off the waiting map before counting: a change committed while the count runs may be missed by it, so it
      // asks for a recount of its own.
      this.#waiting.delete(listId);
      const previous = this.#running.get(listId) ?? Promise.resolve();
      const run = previous.then(async () => {
        this.#lastStarted.set(listId, this.#now());
        try {
          await this.#recount(organizationId, listId);
        } catch (error) {
          this.#log.error({ err: error, listId }, 'recounting a list failed');
        }
      });
      this.#running.set(listId, run);
      void run.then(() => {
        if (this.#running.get(listId) === run) this.#running.delete(listId);
        finished();
      });
    };
    const entry: Waiting = { timer: setTimeout(() => start(), delay), done, start };
    // A waiting recount does not hold the process open; stop() runs it.
    entry.timer.unref();
    this.#waiting.set(listId, entry);
    if (this.#stopped) start();
    return done;
  }
}

/** The lists a subscriber is on (unsubscribed from them or not): those a change of the subscriber recounts. */
export async function listIdsOfSubscriber(
  db: Kysely<Database>,
  organizationId: number,
  subscriberId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('list_membership')
    .select('list_id')
    .where('organization_id', '=', organizationId)
    .where('subscriber_id', '=', subscriberId)
    .execute();
  return rows.map((row) => row.list_id);
}
