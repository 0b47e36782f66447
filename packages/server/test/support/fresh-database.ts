import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates an empty database beside the one DATABASE_URL names; `drop` removes it again. */
export async function createFreshDatabase(
  databaseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `herald_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
