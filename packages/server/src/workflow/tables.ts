import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of the workflow (migration 0026), merged into Database. */
export interface WorkflowTables {
  workflow_event: WorkflowEventTable;
  activity_participant: ActivityParticipantTable;
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
