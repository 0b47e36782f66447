import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface ListsTables {
  subscriber_list: SubscriberListTable;
  list_stats_day: ListStatsDayTable;
}

/** A subscriber list with its statistics as last counted (updateListStats, imports). */
export interface SubscriberListTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  description: Generated<string>;
  list_type: Generated<string>;
  is_archived: Generated<boolean>;
  partition_ids: ColumnType<number[], number[] | undefined, number[]>;
  subscriber_count: Generated<number>;
  contactable_count: Generated<number>;
  unsubscribed_count: Generated<number>;
  invalid_count: Generated<number>;
  stats_updated_at: Date | null;
  /** When a subscriber last joined or left the list. */
  last_updated: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A list's statistics on one day, for the list report's chart. */
export interface ListStatsDayTable {
  list_id: number;
  organization_id: number;
  day: ColumnType<string, string, string>;
  subscribers: number;
  contactable: number;
  unsubscribed: number;
  invalid: number;
}
