import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { templateForNewDataDir } from './pglite-template.ts';
import type { Database } from './schema.ts';

export interface DatabaseTarget {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDataDir: string;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Answers whether the database responds, for /readyz. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// PostgreSQL's int8 (counts) arrive as strings by default; every count Herald reads fits a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      ping: () => pingWith(db),
      close: () => db.destroy(),
    };
  }
  const inMemory = target.pgliteDataDir.startsWith('memory://');
  if (!inMemory) await mkdir(target.pgliteDataDir, { recursive: true });
  const template = inMemory ? undefined : await templateForNewDataDir(target.pgliteDataDir);
  const client = await PGlite.create({
    dataDir: target.pgliteDataDir,
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    ping: () => pingWith(db),
    close: () => db.destroy(),
  };
}

async function pingWith(db: Kysely<Database>): Promise<boolean> {
  try {
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    return true;
  } catch {
    return false;
  }
}
