import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of the web channel (migration 0037), merged into Database. */
export interface WebChannelTables {
  web_message: WebMessageTable;
}

/** One on-site message waiting for its subscriber, written by the web transport for a delivery. */
export interface WebMessageTable {
  id: Generated<number>;
  organization_id: number;
  delivery_id: number;
  activity_id: number;
  subscriber_id: number;
  html: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  shown_at: Date | null;
  dismissed_at: Date | null;
}
