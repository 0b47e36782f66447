import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { ConnectionQueue } from './connection-queue.ts';
import type { PGliteThread } from './pglite-thread.ts';
import { isBackgroundWork, isWatchingWork, throwIfQueryAbandoned } from './work-context.ts';

/**
 * Kysely dialect for embedded PGlite.
 *
 * PGlite is one connection, owned by a worker thread (pglite-thread.ts). Kysely's transactions hold a
 * connection from BEGIN to COMMIT, so if two callers shared it, one caller's queries would land inside the
 * other's transaction. This driver hands the single connection out through a queue: each acquire waits until
 * the previous holder releases it, which serializes access as docs/decisions/0013-pglite-connection-queue.md says
 * (and is why kysely-pglite's unqueued driver is not used). Interactive work goes before jobs
 * (connection-queue.ts).
 */
export class PGliteDialect implements Dialect {
  readonly #client: PGliteThread;
  readonly #queue: ConnectionQueue;

  /** `queue` hands out the one connection; given by the caller that also asks it about interactive work. */
  constructor(client: PGliteThread, queue = new ConnectionQueue()) {
    this.#client = client;
    this.#queue = queue;
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client, this.#queue);
  }
  // Kysely's types want Kysely<any> here; the introspector does not care about the schema type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  readonly #queue: ConnectionQueue;

  constructor(client: PGliteThread, queue: ConnectionQueue) {
    this.#connection = new PGliteConnection(client);
    this.#queue = queue;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire(isBackgroundWork(), isWatchingWork());
    try {
      // A query answered while it waited (timed out, superseded) never takes the connection.
      throwIfQueryAbandoned();
    } catch (error) {
      this.#queue.release();
      throw error;
    }
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#queue.release();
  }

  // Transaction control runs even for an abandoned query: its transaction must still end.
  async beginTransaction(): Promise<void> {
    await this.#connection.run(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(): Promise<void> {
    await this.#connection.run(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(): Promise<void> {
    await this.#connection.run(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds or waits for the connection, then close the database files cleanly.
    await this.#queue.whenIdle();
    await this.#connection.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGliteThread;
  constructor(client: PGliteThread) {
    this.#client = client;
  }

  async executeQuery<Row>(compiledQuery: CompiledQuery): Promise<QueryResult<Row>> {
    throwIfQueryAbandoned();
    return this.run(compiledQuery);
  }

  async run<Row>(compiledQuery: CompiledQuery): Promise<QueryResult<Row>> {
    const result = await this.#client.query<Row>(compiledQuery.sql, compiledQuery.parameters);
    const affected = result.affectedRows === undefined ? undefined : BigInt(result.affectedRows);
    return affected === undefined ? { rows: result.rows } : { rows: result.rows, numAffectedRows: affected };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error('PGlite does not stream query results; page with limit and offset instead.');
  }

  async close(): Promise<void> {
    if (!this.#client.closed) await this.#client.close();
  }
}
