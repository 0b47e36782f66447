import type {
  ActivityRecord,
  ActivityStatus,
  WorkflowEventAction,
  WorkflowEventRecord,
} from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Services } from '../services.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One entry to write to the log, in the transaction that made the change it records. */
export interface WorkflowEntry {
  activity: Pick<ActivityRecord, 'id' | 'partitionIds'>;
  action: WorkflowEventAction;
  from: ActivityStatus;
  to: ActivityStatus;
  /** Null for the server's own moves (the scheduler starting a deployment). */
  userId: number | null;
  comment?: string | null | undefined;
  details?: Record<string, unknown>;
}

export interface WorkflowEventRow {
  id: number;
  activity_id: number;
  action: string;
  from_status: string;
  to_status: string;
  user_id: number | null;
  by_name: string | null;
  comment: string | null;
  details: Record<string, unknown>;
  at: Date;
  partition_ids: number[];
}

/** Selects an entry with its author's name and its activity's partitions (FROM workflow_event). */
export const WORKFLOW_EVENT_SELECT = sql<WorkflowEventRow>`workflow_event.id, workflow_event.activity_id,
  workflow_event.action, workflow_event.from_status, workflow_event.to_status, workflow_event.user_id,
  (SELECT u.email FROM user_account u WHERE u.id = workflow_event.user_id) AS by_name,
  workflow_event.comment, workflow_event.details, workflow_event.at,
  (SELECT a.partition_ids FROM activity a WHERE a.id = workflow_event.activity_id) AS partition_ids`;

export function workflowEventRecord(row: WorkflowEventRow): WorkflowEventRecord {
  return {
    id: row.id,
    activityId: row.activity_id,
    // The columns hold only the contract's actions and statuses: every writer goes through logWorkflowEvent.
    action: row.action as WorkflowEventRecord['action'],
    fromStatus: row.from_status as ActivityStatus,
    toStatus: row.to_status as ActivityStatus,
    by: row.user_id,
    byName: row.by_name,
    comment: row.comment,
    details: row.details,
    at: new Date(row.at).toISOString(),
    partitionIds: row.partition_ids,
  };
}

/** Writes one entry; answers it as the log reads it. */
export async function logWorkflowEvent(
  db: Db,
  organizationId: number,
  entry: WorkflowEntry,
): Promise<WorkflowEventRecord> {
  const inserted = await sql<{ id: number }>`INSERT INTO workflow_event
      (organization_id, activity_id, action, from_status, to_status, user_id, comment, details)
    VALUES (${organizationId}, ${entry.activity.id}, ${entry.action}, ${entry.from}, ${entry.to}, ${entry.userId},
      ${entry.comment ?? null}, ${JSON.stringify(entry.details ?? {})}::jsonb)
    RETURNING id`.execute(db);
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('The workflow event was not written');
  const rows = await sql<WorkflowEventRow>`SELECT ${WORKFLOW_EVENT_SELECT} FROM workflow_event
    WHERE workflow_event.id = ${id}`.execute(db);
  const row = rows.rows[0];
  if (!row) throw new Error('The workflow event was not written');
  return workflowEventRecord(row);
}

/**
 * Pushes committed entries to connections subscribed to `workflowEvent` (as `workflow` events, PROTOCOL §8,
 * besides the `records` push of the log itself). A failed push is logged; the action stands.
 */
export async function announceWorkflowEvents(
  services: Pick<Services, 'recordChanges' | 'log'>,
  organizationId: number,
  events: readonly WorkflowEventRecord[],
): Promise<void> {
  await services.recordChanges
    .announce({ organizationId, type: 'workflowEvent', records: [...events] })
    .catch((error: unknown) => services.log.error({ err: error }, 'announcing a workflow event failed'));
}
