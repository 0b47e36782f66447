import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/accounts/passwords.ts';
import type { TestHerald } from './herald.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

/** Each test makes its own organization and users, so tests never lean on one another's data. */
export async function createOrganization(
  herald: TestHerald,
  name = `Org ${randomUUID().slice(0, 8)}`,
): Promise<number> {
  const row = await herald.database.db
    .insertInto('organization')
    .values({ name, settings: '{}', domains_config: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createUser(
  herald: TestHerald,
  grants: Array<{ organizationId: number; roles: string[]; partitionsets?: number[] }> = [],
): Promise<{ id: number; email: string; password: string }> {
  const email = `user-${randomUUID()}@example.test`;
  const row = await herald.database.db
    .insertInto('user_account')
    .values({ email, phone: 'n/a', password_hash: await hashPassword(TEST_PASSWORD), settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const grant of grants) {
    await herald.database.db
      .insertInto('organization_access')
      .values({
        user_id: row.id,
        organization_id: grant.organizationId,
        roles: grant.roles,
        partitionsets: grant.partitionsets ?? [],
      })
      .execute();
  }
  return { id: row.id, email, password: TEST_PASSWORD };
}
