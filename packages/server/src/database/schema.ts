import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AccountsTables } from '../accounts/tables.ts';
import type { AuditTables } from '../audit/tables.ts';
import type { NotificationsTables } from '../notifications/tables.ts';
import type { QueryTables } from '../query/tables.ts';
import type { OrganizationAccessTables } from '../organization-access/tables.ts';
import type { SsoTables } from '../sso/tables.ts';
import type { TwoFactorTables } from '../two-factor/tables.ts';
import type { SubscribersTables } from '../subscribers/tables.ts';
import type { ListsTables } from '../lists/tables.ts';
import type { CustomFieldsTables } from '../custom-fields/tables.ts';
import type { JobsTables } from '../jobs/tables.ts';
import type { TargetsTables } from '../targets/tables.ts';
import type { ApprovalsTables } from '../approvals/tables.ts';
import type { ActivitiesTables } from '../activities/tables.ts';
import type { TemplatesTables } from '../templates/tables.ts';
import type { WhatsAppTemplatesTables } from '../whatsapp-templates/tables.ts';
import type { AssetsTables } from '../assets/tables.ts';
import type { ContentBlocksTables } from '../content-blocks/tables.ts';
import type { WorkflowTables } from '../workflow/tables.ts';
import type { TriggersTables } from '../triggers/tables.ts';
import type { DomainsTables } from '../domains/tables.ts';
import type { CredentialsTables } from '../credentials/tables.ts';
import type { DeliveryTables } from '../delivery/tables.ts';
import type { TrackingTables } from '../tracking/tables.ts';
import type { BouncesTables } from '../bounces/tables.ts';
import type { WebChannelTables } from '../web-channel/tables.ts';

/**
 * The database as Kysely sees it. Every tenant table carries organization_id, and every repository
 * function takes the organization it works for, so no query reaches another organization's rows.
 */
export interface Database
  extends
    AuditTables,
    TwoFactorTables,
    AccountsTables,
    SsoTables,
    OrganizationAccessTables,
    QueryTables,
    NotificationsTables,
    SubscribersTables,
    ListsTables,
    CustomFieldsTables,
    JobsTables,
    TargetsTables,
    ApprovalsTables,
    ActivitiesTables,
    TemplatesTables,
    WhatsAppTemplatesTables,
    AssetsTables,
    ContentBlocksTables,
    WorkflowTables,
    TriggersTables,
    DomainsTables,
    CredentialsTables,
    DeliveryTables,
    TrackingTables,
    BouncesTables,
    WebChannelTables {
  organization: OrganizationTable;
  partition_set: PartitionSetTable;
  partition: PartitionTable;
  user_account: UserAccountTable;
  organization_access: OrganizationAccessTable;
  user_session: UserSessionTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  hostname: string | null;
  theme: string | null;
  logo_uri: string | null;
  settings: Json<Record<string, unknown>>;
  domains_config: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** A group of partitions (a region of franchise stores); users can be restricted to partition sets. */
export interface PartitionSetTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  created_at: Timestamp;
}

/** A head-office or franchisee unit whose content and data can be kept apart. */
export interface PartitionTable {
  id: Generated<number>;
  organization_id: number;
  partition_set_id: number | null;
  name: string;
  external_ref: string | null;
  custom_fields: Json<Record<string, unknown>>;
  created_at: Timestamp;
  /** Generated: ARRAY[id], for the query engine's partition rule. */
  partition_ids: Generated<number[]>;
}

export interface UserAccountTable {
  id: Generated<number>;
  email: string;
  phone: string | null;
  password_hash: string | null;
  settings: Json<Record<string, unknown>>;
  otp_enabled: Generated<boolean>;
  must_change_password: Generated<boolean>;
  disabled: Generated<boolean>;
  created_at: Timestamp;
  last_login_at: Date | null;
}

/** A user's roles in one organization, and the partition sets that restrict them (none = head office). */
export interface OrganizationAccessTable {
  user_id: number;
  organization_id: number;
  roles: ColumnType<string[], string[], string[]>;
  partitionsets: ColumnType<number[], number[], number[]>;
  valid_from: Date | null;
  created_at: Timestamp;
}

/** A signed-in session; the id itself is never stored, only its SHA-256. */
export interface UserSessionTable {
  id_hash: string;
  user_id: number;
  client_hash: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  ended_at: Date | null;
}

export type OrganizationRow = Selectable<OrganizationTable>;
export type UserAccountRow = Selectable<UserAccountTable>;
export type NewUserAccount = Insertable<UserAccountTable>;
