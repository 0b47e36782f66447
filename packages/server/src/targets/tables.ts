import type { ColumnType, Generated } from 'kysely';

// Insertable without a value (the column's default), so not wrapped in Generated, which would hide the Date.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of target expressions and what is built on them (migration 0013), merged into Database. */
export interface TargetsTables {
  audience: AudienceTable;
  audience_member: AudienceMemberTable;
  audience_size_day: AudienceSizeDayTable;
  tag: TagTable;
  subscriber_tag: SubscriberTagTable;
  targeting_rule: TargetingRuleTable;
}

export interface AudienceTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  description: Generated<string>;
  /** The target expression's JSON tree. */
  target: Json<unknown>;
  /** AUDIENCE_STATUSES: in-queue, calculating, in-progress, error, locked; ready once generated. */
  status: Generated<string>;
  size: number | null;
  error: string | null;
  is_archived: Generated<boolean>;
  partition_ids: Generated<number[]>;
  generated_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface AudienceMemberTable {
  audience_id: number;
  subscriber_id: number;
  organization_id: number;
}

export interface AudienceSizeDayTable {
  audience_id: number;
  day: string;
  size: number;
}

export interface TagTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  description: Generated<string>;
  is_archived: Generated<boolean>;
  stats: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface SubscriberTagTable {
  tag_id: number;
  subscriber_id: number;
  organization_id: number;
  created_at: Timestamp;
}

export interface TargetingRuleTable {
  id: Generated<number>;
  organization_id: number;
  channel_type: string;
  is_enabled: Generated<boolean>;
  target: Json<unknown> | null;
  updated_at: Timestamp;
  version: Generated<number>;
}
