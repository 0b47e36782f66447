import pg from 'pg';

/**
 * Each test worker gets a PostgreSQL database of its own when DATABASE_URL is set: servers on one database
 * share its job queue, and a server started by one worker's file claimed a job queued by the other's
 * (audiences.test.ts). Files within a worker run one after another, as the whole suite once did on one
 * database. Runs before each test file (vitest setupFiles); the database is made once per worker.
 */
const shared = process.env.HERALD_SHARED_DATABASE_URL ?? process.env.DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;

if (shared && poolId) {
  process.env.HERALD_SHARED_DATABASE_URL = shared;
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_w${poolId}`;
  url.pathname = `/${name}`;
  if (process.env.DATABASE_URL !== url.toString()) {
    const admin = new pg.Client({ connectionString: shared });
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    process.env.DATABASE_URL = url.toString();
  }
}
