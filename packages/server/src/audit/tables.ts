import type { ColumnType, Generated } from 'kysely';

export interface AuditTables {
  audit_log: AuditLogTable;
}

/** Who did what, when, from where: sign-ins, two-factor changes, access and role changes, issuers, security settings. */
export interface AuditLogTable {
  id: Generated<number>;
  /** Null for events outside any organization (a sign-in, a two-factor change). */
  organization_id: number | null;
  /** The person who acted; null when unknown (a failed sign-in for an unknown address). */
  actor_user_id: number | null;
  /** The person acted upon, when another (a grant, a revoke). */
  subject_user_id: number | null;
  action: string;
  /** What else matters for this action (the e-mail tried, the roles before and after …); never a secret. */
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  remote_address: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
