import type { ActivityRecord, WorkflowEventAction } from '@herald/protocol';

/** The log entries that queue a deployment; each records in `details.at` when its job runs (docs/workflow.md). */
export const QUEUEING_ACTIONS: readonly WorkflowEventAction[] = ['queueSchedule', 'queueDeploy', 'resume'];

/** What scheduledTimes reads of a log entry. */
export interface QueueingEntry {
  activityId: number;
  action: string;
  details: Record<string, unknown>;
}

/**
 * When each scheduled activity's deployment runs: the time its latest queueing entry gave the job (entries come
 * newest first, as the log is read), else the activity's own date, which queueSchedule uses when given no
 * time. An activity that is not scheduled has none.
 */
export function scheduledTimes(
  activities: ReadonlyArray<Pick<ActivityRecord, 'id' | 'status' | 'date'>>,
  newestFirst: readonly QueueingEntry[],
): Map<number, string> {
  const queuedAt = new Map<number, string>();
  for (const entry of newestFirst) {
    const at = entry.details.at;
    if (!QUEUEING_ACTIONS.includes(entry.action as WorkflowEventAction) || typeof at !== 'string') continue;
    if (!queuedAt.has(entry.activityId)) queuedAt.set(entry.activityId, at);
  }
  const times = new Map<number, string>();
  for (const activity of activities) {
    if (activity.status !== 'scheduled') continue;
    const at = queuedAt.get(activity.id) ?? activity.date;
    if (at) times.set(activity.id, at);
  }
  return times;
}
