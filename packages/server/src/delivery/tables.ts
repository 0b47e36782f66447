import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of the delivery engine (migration 0032), merged into Database. */
export interface DeliveryTables {
  deployment_run: DeploymentRunTable;
  delivery: DeliveryTable;
}

/** One execution of an activity's deployment: a broadcast, one run of a schedule, a triggered activity's life. */
export interface DeploymentRunTable {
  id: Generated<number>;
  organization_id: number;
  activity_id: number;
  revision_id: number;
  job_id: number | null;
  channel: string;
  /** snapshotting, sending, suspended, finished, cancelled, failed. */
  status: Generated<string>;
  recipients: Generated<number>;
  /** Counts kept with each status change (migration 0036). */
  sent: Generated<number>;
  failed: Generated<number>;
  suppressed: Generated<number>;
  /** The shared throttle window: its start and how many were claimed in it. */
  throttle_window: Date | null;
  throttle_used: Generated<number>;
  details: Json<Record<string, unknown>>;
  started_at: Timestamp;
  finished_at: Date | null;
}

/** One recipient's message in a run (PROTOCOL §9 `delivery`); unique by run and subscriber. */
export interface DeliveryTable {
  id: Generated<number>;
  organization_id: number;
  run_id: number;
  activity_id: number;
  subscriber_id: number;
  channel: string;
  /** queued, sending, sent, failed, bounced, suppressed. */
  status: Generated<string>;
  variation: Generated<number>;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_at: Date | null;
  provider_message_id: string | null;
  sent_at: Date | null;
  error: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** A transient failure's next try: the delivery is not claimed before then. */
  retry_at: Date | null;
  created_at: Timestamp;
}
