import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of the workflow (migrations 0026 and 0028), merged into Database. */
export interface WorkflowTables {
  workflow_event: WorkflowEventTable;
  activity_participant: ActivityParticipantTable;
  activity_check_run: ActivityCheckRunTable;
}

/** One entry of an activity's workflow log (workflow/workflow-log.ts). */
export interface WorkflowEventTable {
  id: Generated<number>;
  organization_id: number;
  activity_id: number;
  /** WORKFLOW_EVENT_ACTIONS. */
  action: string;
  /** ACTIVITY_STATUSES. */
  from_status: string;
  to_status: string;
  user_id: number | null;
  comment: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
}

export interface ActivityParticipantTable {
  organization_id: number;
  activity_id: number;
  user_id: number;
  added_by: number | null;
  added_at: Timestamp;
}

/** A check run in progress and the process running it (workflow/check-runs.ts). */
export interface ActivityCheckRunTable {
  activity_id: number;
  organization_id: number;
  /** The JobRunner's processId of the server running it. */
  process_id: string;
  /** This run's own id, so a run ending removes its row and never that of a later run of the same activity. */
  run_id: string;
  started_at: Timestamp;
  /** When that process last said it was alive; null when it is gone for sure. */
  heartbeat_at: Date | null;
}
