import { ROLES, type Role } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Database } from '../database/schema.ts';
import {
  DEFAULT_ROLES_CLAIM,
  claimValues,
  partitionSetsFromClaimValues,
  rolesFromClaimValues,
  type Claims,
} from './claims.ts';
import { SignOnError } from './sign-on-error.ts';
import type { SsoIssuerRow } from './tables.ts';

/** A user whose access in an organization changed, for AccessEvents to apply to open connections. */
export interface AccessChange {
  userId: number;
  organizationId: number;
}

/**
 * With manageRoles on, the issuer decides the user's access in its organization at every sign-in: the
 * roles its claim grants (none: the access is removed) and, when the issuer names a partition-set claim,
 * the partition sets (absent claim: head office). Only this organization is touched.
 */
export async function applyClaimedAccess(
  db: Kysely<Database>,
  audit: AuditLog,
  issuer: SsoIssuerRow,
  userId: number,
  claims: Claims,
): Promise<AccessChange[]> {
  const organizationId = issuer.organization_id;
  const roles = inRoleOrder(
    rolesFromClaimValues(
      claimValues(claims, issuer.roles_claim_name ?? DEFAULT_ROLES_CLAIM) ?? [],
      issuer.roles_regex,
    ),
  );
  const current = await db
    .selectFrom('organization_access')
    .select(['roles', 'partitionsets'])
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const details = { issuerId: issuer.id, source: 'sso' };

  if (roles.length === 0) {
    if (!current) return [];
    await db
      .deleteFrom('organization_access')
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .execute();
    await audit.record(
      {
        action: 'access.revoked',
        organizationId,
        subjectUserId: userId,
        details: { ...details, roles: current.roles },
      },
      db,
    );
    return [{ userId, organizationId }];
  }

  let partitionsets = current?.partitionsets ?? [];
  if (issuer.partitionsets_claim_name) {
    const values = claimValues(claims, issuer.partitionsets_claim_name) ?? [];
    if (values.length === 0) {
      partitionsets = [];
    } else {
      const sets = await db
        .selectFrom('partition_set')
        .select(['id', 'name'])
        .where('organization_id', '=', organizationId)
        .execute();
      partitionsets = partitionSetsFromClaimValues(values, sets);
      // Naming only unknown sets must not widen the user to head office (no restriction).
      if (partitionsets.length === 0) {
        throw new SignOnError('SSOError', 'partitionsets_unknown', { issuerId: issuer.id, userId });
      }
    }
  }

  if (current) {
    if (sameList(current.roles, roles) && sameList(current.partitionsets, partitionsets)) return [];
    await db
      .updateTable('organization_access')
      .set({ roles, partitionsets })
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .execute();
    await audit.record(
      {
        action: 'access.updated',
        organizationId,
        subjectUserId: userId,
        details: { ...details, before: current, after: { roles, partitionsets } },
      },
      db,
    );
  } else {
    await db
      .insertInto('organization_access')
      .values({ user_id: userId, organization_id: organizationId, roles, partitionsets })
      .execute();
    await audit.record(
      {
        action: 'access.granted',
        organizationId,
        subjectUserId: userId,
        details: { ...details, roles, partitionsets },
      },
      db,
    );
  }
  return [{ userId, organizationId }];
}

function inRoleOrder(roles: readonly Role[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  const sortedA = [...a].sort();
  const sortedB = [...b].sort();
  return sortedA.length === sortedB.length && sortedA.every((value, index) => value === sortedB[index]);
}
