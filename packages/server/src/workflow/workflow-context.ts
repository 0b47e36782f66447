import type { ActivityRecord, WorkflowEventRecord, WorkflowParams, WorkflowResult } from '@herald/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/** What one action works with inside the command's transaction. */
export interface ActionInput<Params extends WorkflowParams = WorkflowParams> {
  trx: Transaction<Database>;
  actor: Actor;
  /** The activity as read, locked, at the start of the transaction. */
  activity: ActivityRecord;
  params: Params;
}

/** What an action did: the reply's additions, the activity as it now is, and what to do once committed. */
export interface ActionOutcome {
  activity: ActivityRecord;
  /** The log entries written (pushed after commit). */
  events: WorkflowEventRecord[];
  /** Whether the activity record itself changed (pushed as a `records` change). */
  activityChanged: boolean;
  reply?: Omit<WorkflowResult, 'activity' | 'eventId'>;
  /** Scheduler jobs to start now (queued) or abort (cancelled) once committed. */
  queuedJob?: number;
  cancelledJob?: number;
  /** Users to notify once committed. */
  notify?: { userIds: number[]; kind: 'approvals'; messageKey: string; values: Record<string, unknown> };
}
