import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of activities and their revisions (migration 0021), merged into Database. */
export interface ActivitiesTables {
  activity: ActivityTable;
  activity_revision: ActivityRevisionTable;
}

export interface ActivityTable {
  id: Generated<number>;
  organization_id: number;
  campaign_id: number;
  /** CHANNELS. */
  type: string;
  name: string;
  date: NullableTimestamp;
  /** A target expression's canonical text. */
  target: string | null;
  template_url: string | null;
  latest_revision_id: number | null;
  partition_ids: ColumnType<number[], number[] | undefined, number[]>;
  distribution: Json<Record<string, unknown>>;
  send_limit: number | null;
  throttle: number | null;
  frequency: Json<Record<string, unknown>>;
  /** ACTIVITY_STATUSES. */
  status: Generated<string>;
  notes: Generated<string>;
  approval_reset_at: NullableTimestamp;
  is_archived: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  /** The scheduler job that will start its deployment (migration 0026, workflow/deployment.ts). */
  deployment_job_id: Generated<number | null>;
  /** The approved revision its deployment sends, set as the deployment starts (migration 0028). */
  deployed_revision_id: Generated<number | null>;
}

export interface ActivityRevisionTable {
  id: Generated<number>;
  organization_id: number;
  activity_id: number;
  content: Json<Record<string, unknown>>;
  configurations: Json<Array<Record<string, unknown>>>;
  /** REVISION_APPROVAL_STATUSES. */
  approval_status: Generated<string>;
  integration_id: number | null;
  tracking_domain: string | null;
  created_by: number | null;
  created_at: Timestamp;
}
