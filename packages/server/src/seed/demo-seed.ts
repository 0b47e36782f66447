import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../database/schema.ts';

export interface DemoSeedResult {
  seeded: boolean;
  /** The demo password when this start generated it; printed once and never stored in clear. */
  generatedPassword?: string;
}

export const DEMO_USERS = {
  admin: 'admin@example.com',
  power: 'power@example.com',
  editor: 'editor@example.com',
  viewer: 'viewer@example.com',
  franchisee: 'franchisee@example.com',
} as const;

/**
 * Seeds the demo organizations and users into an empty database, once. Later areas add their demo
 * records here (campaigns, lists, subscribers …) so a fresh start shows a living product.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  givenPassword: string | undefined,
): Promise<DemoSeedResult> {
  const existing = await db.selectFrom('organization').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const password = givenPassword ?? randomBytes(9).toString('base64url');

  await db.transaction().execute(async (trx) => {
    const pizza = await insertOrganization(trx, 'Demo Pizza Co', '#d9480f', { currency: 'AUD' });
    const acme = await insertOrganization(trx, 'Acme Retail', '#1971c2', { currency: 'USD' });

    const north = await insertPartitionSet(trx, pizza, 'North Region');
    const south = await insertPartitionSet(trx, pizza, 'South Region');
    const stores: Array<[number, string, string]> = [
      [north, 'Northgate Store', 'STORE-N01'],
      [north, 'Harbour View Store', 'STORE-N02'],
      [south, 'Southbank Store', 'STORE-S01'],
      [south, 'Riverside Store', 'STORE-S02'],
    ];
    await trx
      .insertInto('partition')
      .values(
        stores.map(([setId, name, ref]) => ({
          organization_id: pizza,
          partition_set_id: setId,
          name,
          external_ref: ref,
        })),
      )
      .execute();

    const user = async (email: string, phone: string) =>
      (
        await trx
          .insertInto('user_account')
          .values({ email, phone, password_hash: await hashPassword(password), settings: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const admin = await user(DEMO_USERS.admin, '+61 400 000 001');
    const power = await user(DEMO_USERS.power, '+61 400 000 002');
    const editor = await user(DEMO_USERS.editor, '+61 400 000 003');
    const viewer = await user(DEMO_USERS.viewer, '+61 400 000 004');
    const franchisee = await user(DEMO_USERS.franchisee, '+61 400 000 005');

    const grants: Array<[number, number, string[], number[]]> = [
      [admin, pizza, ['System.Admin'], []],
      [admin, acme, ['System.Admin'], []],
      [power, pizza, ['System.PowerUser'], []],
      [power, acme, ['System.PowerUser'], []],
      [editor, pizza, ['Content.Edit', 'Content.Approve'], []],
      [editor, acme, ['Content.Edit', 'Content.Approve'], []],
      [viewer, pizza, ['Database.Read'], []],
      [viewer, acme, ['Database.Read'], []],
      [franchisee, pizza, ['franchisee'], [north]],
    ];
    await trx
      .insertInto('organization_access')
      .values(
        grants.map(([userId, organizationId, roles, partitionsets]) => ({
          user_id: userId,
          organization_id: organizationId,
          roles,
          partitionsets,
        })),
      )
      .execute();
  });

  return givenPassword ? { seeded: true } : { seeded: true, generatedPassword: password };
}

async function insertOrganization(
  trx: Kysely<Database>,
  name: string,
  theme: string,
  settings: Record<string, unknown>,
): Promise<number> {
  const row = await trx
    .insertInto('organization')
    .values({
      name,
      theme,
      settings: JSON.stringify(settings),
      domains_config: JSON.stringify({ sending: {} }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPartitionSet(
  trx: Kysely<Database>,
  organizationId: number,
  name: string,
): Promise<number> {
  const row = await trx
    .insertInto('partition_set')
    .values({ organization_id: organizationId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
