import { mkdir } from 'node:fs/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ConnectionQueue } from './connection-queue.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PostgresListeners } from './postgres-listeners.ts';
import { PGliteThread } from './pglite-thread.ts';
import { startFromTemplate } from './pglite-template.ts';
import type { EmbeddedCluster } from './embedded-cluster.ts';
import { pgliteCopyTransaction, postgresCopyTransaction, type CopyTransaction } from './copy-session.ts';
import type { Database } from './schema.ts';

export interface DatabaseTarget {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDataDir: string;
  /**
   * The embedded database already opened on `pgliteDataDir` (embedded-cluster.ts, which main.ts starts early);
   * without it a new directory is copied from the empty cluster and opened here.
   */
  embedded?: EmbeddedCluster | undefined;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded database only: milliseconds since interactive work (a person's request, not a job) last
   * asked for its one connection. An import shortens its transactions while people use the console.
   */
  sinceInteractiveWork?: () => number;
  /**
   * Answers whether the database is up, for /readyz: on PostgreSQL whether it answers a statement, on the
   * embedded database whether its thread runs (a statement there waits its turn behind whatever holds the
   * one connection, and busy is not down).
   */
  ping(): Promise<boolean>;
  /**
   * LISTEN on a channel: every process on this database hears each NOTIFY, its own included. Returns a
   * function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY a channel; inside a transaction it is delivered when the transaction commits. */
  notify(channel: string, payload: string): Promise<void>;
  /** One transaction that can COPY rows in (imports); see copy-session.ts. */
  copyTransaction: CopyTransaction;
  /**
   * Closes the database once whoever holds or waits for a connection is done. `now`: without waiting for them
   * (a shutdown past its grace period): the embedded database closes between two statements, rolling back a
   * transaction left open, and writes its shutdown checkpoint; PostgreSQL's connections are ended, which rolls
   * theirs back.
   */
  close(options?: { now?: boolean }): Promise<void>;
}

// PostgreSQL's int8 (counts) arrive as strings by default; every count Herald reads fits a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, an administrator's terminate) is an 'error'
    // event on the pool; unheard, Node would stop the whole process. The pool drops that connection and
    // opens another at the next checkout, so there is nothing else to do.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listeners = new PostgresListeners(target.databaseUrl);
    return {
      db,
      kind: 'postgres',
      ping: () => pingWith(db),
      listen: (channel, handler) => listeners.listen(channel, handler),
      notify: (channel, payload) => notifyWith(db, channel, payload),
      copyTransaction: postgresCopyTransaction(pool),
      close: async (options = {}) => {
        await listeners.close();
        // The pool's end waits for every connection checked out to come back; a shutdown in a hurry does not.
        if (options.now) void db.destroy().catch(() => {});
        else await db.destroy();
      },
    };
  }
  const client = target.embedded?.thread ?? (await openThread(target.pgliteDataDir));
  const queue = new ConnectionQueue();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client, queue) });
  return {
    db,
    kind: 'pglite',
    sinceInteractiveWork: () => queue.sinceInteractiveWork(),
    // Whether the database's thread is up. A statement would wait its turn on the one connection, behind a
    // generation's transaction for many seconds: a busy database is still a ready one.
    ping: async () => client.alive,
    listen: async (channel, handler) => {
      const unsubscribe = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    notify: (channel, payload) => notifyWith(db, channel, payload),
    copyTransaction: pgliteCopyTransaction(db, client),
    close: async (options = {}) => {
      if (options.now) await client.close();
      else await db.destroy();
    },
  };
}

/** PGlite runs on a thread of its own, so a long statement never stops the server answering. */
async function openThread(dataDir: string): Promise<PGliteThread> {
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    await startFromTemplate(dataDir);
  }
  return PGliteThread.open({ dataDir });
}

async function notifyWith(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

async function pingWith(db: Kysely<Database>): Promise<boolean> {
  try {
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    return true;
  } catch {
    return false;
  }
}
