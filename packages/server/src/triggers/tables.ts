import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of triggered sends (migration 0028), merged into Database. */
export interface TriggersTables {
  triggered_send: TriggeredSendTable;
}

/**
 * One trigger of an API- or event-triggered activity for one subscriber (triggers/decide-triggered-sends.ts):
 * `queued` until due, then `ready` for the delivery engine or `skipped` with the reason.
 */
export interface TriggeredSendTable {
  id: Generated<number>;
  organization_id: number;
  activity_id: number;
  subscriber_id: number;
  /** TRIGGER_SOURCES. */
  source: string;
  /** The subscriber_event that triggered it (source `event`). */
  event_id: number | null;
  /** The API caller's Idempotency-Key: the same key triggers once. */
  request_key: string | null;
  run_at: Timestamp;
  /** TRIGGERED_SEND_STATUSES. */
  status: Generated<string>;
  /** Why it was skipped (TRIGGER_SKIP_REASONS). */
  reason: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  decided_at: Date | null;
}
