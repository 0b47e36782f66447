import { capabilitiesForRoles, type Organization, type OrganizationSummary } from '@herald/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrganizationAccessTable, OrganizationRow } from '../database/schema.ts';

export interface OrganizationAccess {
  roles: string[];
  capabilities: string[];
  partitionsets: number[];
}

/** A user's organizations and what they may do in each, as the session channel reports them. */
export class OrganizationService {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The user's access in one organization, or undefined when they have none (or not yet: valid_from). */
  async accessOf(
    userId: number,
    organizationId: number,
    now = new Date(),
  ): Promise<OrganizationAccess | undefined> {
    const row = await this.#db
      .selectFrom('organization_access')
      .selectAll()
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!row || !isValidNow(row, now)) return undefined;
    return toAccess(row);
  }

  async summariesFor(userId: number, now = new Date()): Promise<OrganizationSummary[]> {
    const rows = await this.#db
      .selectFrom('organization_access')
      .innerJoin('organization', 'organization.id', 'organization_access.organization_id')
      .selectAll('organization')
      .select([
        'organization_access.roles',
        'organization_access.partitionsets',
        'organization_access.valid_from',
      ])
      .where('organization_access.user_id', '=', userId)
      .orderBy('organization.name')
      .execute();
    return rows.filter((row) => isValidNow(row, now)).map((row) => toSummary(row, toAccess(row)));
  }

  async organizationFor(
    organizationId: number,
    access: OrganizationAccess,
  ): Promise<Organization | undefined> {
    const row = await this.#db
      .selectFrom('organization')
      .selectAll()
      .where('id', '=', organizationId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { ...toSummary(row, access), settings: row.settings, domainsConfig: row.domains_config };
  }
}

function isValidNow(row: Pick<Selectable<OrganizationAccessTable>, 'valid_from'>, now: Date): boolean {
  return row.valid_from === null || row.valid_from <= now;
}

function toAccess(
  row: Pick<Selectable<OrganizationAccessTable>, 'roles' | 'partitionsets'>,
): OrganizationAccess {
  return {
    roles: row.roles,
    capabilities: capabilitiesForRoles(row.roles),
    partitionsets: row.partitionsets,
  };
}

function toSummary(row: OrganizationRow, access: OrganizationAccess): OrganizationSummary {
  return {
    organization_id: row.id,
    organization: row.name,
    hostname: row.hostname,
    roles: access.roles,
    capabilities: access.capabilities,
    admin: access.capabilities.includes('admin'),
    partitionsets: access.partitionsets,
    theme: row.theme,
    logo_uri: row.logo_uri,
  };
}
