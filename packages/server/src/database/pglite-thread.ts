import { Worker } from 'node:worker_threads';
import {
  errorFromFields,
  type PGliteReply,
  type PGliteRequest,
  type PGliteWorkerData,
} from './pglite-messages.ts';

/** A request before it is numbered (Omit over each member of the union, not over the union). */
type WithoutId<Request> = Request extends unknown ? Omit<Request, 'id'> : never;
type RequestBody = WithoutId<PGliteRequest>;

export interface EmbeddedQueryResult<Row> {
  rows: Row[];
  affectedRows: number | undefined;
}

/**
 * The embedded database as the server's thread sees it: PGlite runs on a worker thread of its own
 * (pglite-worker.ts), and this client sends it statements as messages. The worker answers each in turn;
 * the Kysely dialect's queue (pglite-dialect.ts) decides whose statement goes next.
 *
 * The worker runs the same kind of code as the server: compiled (`npm start`), this module is part of
 * dist/main.js and the worker is dist/pglite-worker.js beside it; from the TypeScript sources (tests, tsx)
 * the worker registers tsx's loader before importing pglite-worker.ts.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (reply: PGliteReply) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  #exitError: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: PGliteReply) => this.#receive(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      this.#closed = true;
      this.#fail(new Error(`The embedded database's thread stopped (exit code ${code})`));
    });
  }

  /** Starts the worker and waits until PGlite has opened its data directory (and run crash recovery). */
  static async open(data: PGliteWorkerData): Promise<PGliteThread> {
    const compiled = import.meta.url.endsWith('.js');
    const url = new URL(compiled ? './pglite-worker.js' : './pglite-worker.ts', import.meta.url);
    const worker = compiled
      ? new Worker(url, { workerData: data })
      : new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`,
          { workerData: data, eval: true },
        );
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: PGliteReply) => {
        if (reply.kind === 'ready') done(undefined);
        if (reply.kind === 'opening-failed') done(errorFromFields(reply.error));
      };
      const onError = (error: Error) => done(error);
      const onExit = (code: number) =>
        done(new Error(`The embedded database's thread stopped (exit code ${code})`));
      const done = (error: Error | undefined) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (error) void worker.terminate().finally(() => reject(error));
        else resolve();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    return new PGliteThread(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The worker is running and its database open: neither closed nor stopped by a failure. */
  get alive(): boolean {
    return !this.#closed && this.#exitError === undefined;
  }

  async query<Row>(
    text: string,
    params: readonly unknown[] = [],
    blob?: string | Uint8Array,
  ): Promise<EmbeddedQueryResult<Row>> {
    const reply = await this.#request({ kind: 'query', text, params, blob });
    if (reply.kind !== 'result') throw new Error(`The embedded database answered ${reply.kind} to a query`);
    return { rows: reply.rows as Row[], affectedRows: reply.affectedRows };
  }

  /** Hears every NOTIFY on `channel`; the function returned stops hearing it. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.#listeners.get(channel);
    if (!handlers) {
      this.#listeners.set(channel, (handlers = new Set()));
      await this.#request({ kind: 'listen', channel });
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.#listeners.get(channel) !== handlers) return;
      this.#listeners.delete(channel);
      if (!this.#closed) await this.#request({ kind: 'unlisten', channel });
    };
  }

  /** Closes the database cleanly (a shutdown checkpoint) and ends the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#request({ kind: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  #request(body: RequestBody): Promise<PGliteReply> {
    if (this.#closed || this.#exitError) {
      return Promise.reject(this.#exitError ?? new Error('The embedded database is closed'));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...body, id } as PGliteRequest);
    });
  }

  #receive(reply: PGliteReply): void {
    if (reply.kind === 'notification') {
      for (const handler of this.#listeners.get(reply.channel) ?? []) handler(reply.payload);
      return;
    }
    if (reply.kind === 'ready' || reply.kind === 'opening-failed') return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.kind === 'failed') pending.reject(errorFromFields(reply.error));
    else pending.resolve(reply);
  }

  /** The worker is gone (PGlite aborted, or it was closed): nothing still waiting will be answered. */
  #fail(error: Error): void {
    this.#exitError ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
