import { HeraldError, capabilitiesForRoles, userTypeForRoles, type UserAccount } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The organization's users with their roles there, for the users page (PROTOCOL §3 user_accounts). */
export async function listUserAccounts(db: Kysely<Database>, organizationId: number): Promise<UserAccount[]> {
  const rows = await db
    .selectFrom('organization_access')
    .innerJoin('user_account', 'user_account.id', 'organization_access.user_id')
    .select([
      'user_account.id',
      'user_account.email',
      'user_account.phone',
      'user_account.otp_enabled',
      'user_account.disabled',
      'user_account.last_login_at',
      'organization_access.roles',
      'organization_access.partitionsets',
      'organization_access.valid_from',
    ])
    .where('organization_access.organization_id', '=', organizationId)
    .orderBy('user_account.email')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    capabilities: capabilitiesForRoles(row.roles),
    user_type: userTypeForRoles(row.roles),
    partitionsets: row.partitionsets,
    valid_from: row.valid_from?.toISOString() ?? null,
    last_login: row.last_login_at?.toISOString() ?? null,
    otp_enabled: row.otp_enabled,
    disabled: row.disabled,
  }));
}

/** A user's access row in the organization; NotFoundError for anyone outside it (whatever id was sent). */
export async function requireAccess(db: Kysely<Database>, organizationId: number, userId: number) {
  const access = await db
    .selectFrom('organization_access')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!access) throw new HeraldError('NotFoundError');
  return access;
}

/** Partition sets must belong to the organization; anything else is a client trying another's ids. */
export async function partitionSetsBelong(
  db: Kysely<Database>,
  organizationId: number,
  partitionSetIds: readonly number[],
): Promise<boolean> {
  if (partitionSetIds.length === 0) return true;
  const rows = await db
    .selectFrom('partition_set')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', [...partitionSetIds])
    .execute();
  return rows.length === new Set(partitionSetIds).size;
}
