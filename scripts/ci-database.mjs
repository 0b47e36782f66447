// Creates or drops a throwaway PostgreSQL database for CI's second server-test pass. Dropping it also drops
// the databases its test workers made beside it (NAME_w1, NAME_w2…: test/support/worker-database.ts).
// Usage: node scripts/ci-database.mjs create|drop NAME   (server from CI_POSTGRES_URL)
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: node scripts/ci-database.mjs create|drop NAME');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
});
await client.connect();
try {
  if (action === 'create') {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } else {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const workers = await client.query(`SELECT datname FROM pg_database WHERE datname ~ $1`, [
    `^${name}_w[0-9]+$`,
  ]);
  for (const { datname } of workers.rows)
    await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
} finally {
  await client.end();
}
