import type { ColumnType, Generated } from 'kysely';

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface NotificationsTables {
  user_notification: UserNotificationTable;
}

/** Something a user is told about: a proof sent, an extract ready, an approval waiting for them … */
export interface UserNotificationTable {
  id: Generated<number>;
  /** Null for a notice outside any organization. */
  organization_id: number | null;
  /** The recipient. */
  user_id: number;
  kind: 'proofs' | 'extracts' | 'checks' | 'approvals' | 'sends' | 'system';
  /** Whose action caused it; null for the system. */
  actor_user_id: number | null;
  /** A message key the web app translates, with its values. */
  message_key: string;
  message_values: ColumnType<Record<string, unknown>, string | undefined, string>;
  record_type: string | null;
  record_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
