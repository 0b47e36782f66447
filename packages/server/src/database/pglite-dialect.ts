import type { PGlite } from '@electric-sql/pglite';
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

/**
 * Kysely dialect for embedded PGlite.
 *
 * PGlite is one connection. Kysely's transactions hold a connection from BEGIN to COMMIT, so if two callers
 * shared it, one caller's queries would land inside the other's transaction. This driver hands the single
 * connection out through a FIFO queue: each acquire waits until the previous holder releases it, which
 * serializes access exactly as DESIGN.md asks (and is why kysely-pglite's unqueued driver is not used).
 */
export class PGliteDialect implements Dialect {
  readonly #client: PGlite;

  constructor(client: PGlite) {
    this.#client = client;
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client);
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
  #queueTail: Promise<void> = Promise.resolve();
  #releaseCurrent: (() => void) | undefined;

  constructor(client: PGlite) {
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queueTail;
    let release!: () => void;
    this.#queueTail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#releaseCurrent = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#releaseCurrent;
    this.#releaseCurrent = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection, then close the database files cleanly.
    await this.#queueTail;
    await this.#connection.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  constructor(client: PGlite) {
    this.#client = client;
  }

  async executeQuery<Row>(compiledQuery: CompiledQuery): Promise<QueryResult<Row>> {
    const result = await this.#client.query<Row>(compiledQuery.sql, [...compiledQuery.parameters]);
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
