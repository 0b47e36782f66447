import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PGliteThread } from './pglite-thread.ts';
import type { Database } from './schema.ts';

/**
 * One transaction on a raw connection that can bulk-load rows with COPY, for work that writes many rows
 * (imports): Kysely has no COPY, so bulk paths take this instead. Statements are `sql` templates, compiled
 * for PostgreSQL here, since the raw connection has no Kysely executor of its own.
 */
export interface CopySession {
  /** Runs one statement (a `sql` template, typed with the rows it answers) in the session's transaction. */
  run<Row>(statement: RawBuilder<Row>): Promise<Row[]>;
  /** COPY … FROM STDIN in PostgreSQL's text format: tab-separated, `\N` for null, escaped with copyText. */
  copyIn(table: string, columns: readonly string[], text: string | Uint8Array): Promise<void>;
}

export type CopyTransaction = <T>(work: (session: CopySession) => Promise<T>) => Promise<T>;

/** Compiles statements only (it has no connection): PostgreSQL's SQL text and parameters, as Kysely makes them. */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A session from how its connection runs text with parameters. */
function sessionOf(
  query: <Row>(text: string, params: readonly unknown[]) => Promise<Row[]>,
  copyIn: CopySession['copyIn'],
): CopySession {
  return {
    run: <Row>(statement: RawBuilder<Row>) => {
      const compiled = statement.compile(compiler);
      return query<Row>(compiled.sql, compiled.parameters);
    },
    copyIn,
  };
}

/** Escapes one value for COPY's text format (backslash, tab, newline, carriage return); null is `\N`. */
export function copyText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : text;
}

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const quoted = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
  return `COPY ${table} (${quoted}) FROM ${source}`;
}

/** PostgreSQL: a pooled client of its own, COPY through pg-copy-streams. */
export function postgresCopyTransaction(pool: pg.Pool): CopyTransaction {
  return async (work) => {
    const client = await pool.connect();
    let failed = false;
    try {
      await client.query('BEGIN');
      const session = sessionOf(
        // pg's rows are untyped objects; the statement's type says what its columns are.
        async <Row>(text: string, params: readonly unknown[]) =>
          (await client.query(text, [...params])).rows as Row[],
        async (table, columns, text) => {
          const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
          await pipeline(Readable.from([typeof text === 'string' ? Buffer.from(text) : text]), stream);
        },
      );
      const result = await work(session);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      failed = true;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      // A connection whose transaction broke mid-COPY is not trusted back into the pool.
      client.release(failed);
    }
  };
}

/**
 * PGlite: COPY reads from the virtual file /dev/blob. The single connection is taken through the Kysely
 * dialect's queue first, so no other caller's statement lands inside this transaction.
 */
export function pgliteCopyTransaction(db: Kysely<Database>, client: PGliteThread): CopyTransaction {
  return (work) =>
    db.connection().execute(async () => {
      await client.query('BEGIN');
      try {
        const session = sessionOf(
          async <Row>(text: string, params: readonly unknown[]) =>
            (await client.query<Row>(text, params)).rows,
          async (table, columns, text) => {
            await client.query(copyStatement(table, columns, "'/dev/blob'"), [], text);
          },
        );
        const result = await work(session);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
}
