import type { Kysely } from 'kysely';
import type { Database } from '../packages/server/src/database/schema.ts';

/** A new, empty organization for a benchmark's rows, named so that runs on one database never collide. */
export async function addBenchOrganization(db: Kysely<Database>, label = 'Bench'): Promise<number> {
  const organization = await db
    .insertInto('organization')
    .values({ name: `${label} ${Date.now()}`, settings: '{}', domains_config: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return organization.id;
}
