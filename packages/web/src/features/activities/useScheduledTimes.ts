import type { ActivityRecord } from '@herald/protocol';
import { PAGE_LIMIT } from '@herald/protocol';
import { useRecords } from '../../platform/list/useRecords.ts';
import { QUEUEING_ACTIONS, scheduledTimes } from './scheduledTimes.ts';

/** The log, newest entry first, so each activity's latest queueing comes first. */
const NEWEST_FIRST = { field: 'at', order: 'desc' } as const;

/**
 * When each scheduled activity of a list starts its deployment, kept live: the activities' queueing log entries
 * (read only while some are scheduled; the log is live like the list) give the job's time.
 */
export function useScheduledTimes(
  activities: ReadonlyArray<Pick<ActivityRecord, 'id' | 'status' | 'date'>>,
): Map<number, string> {
  const scheduledIds = activities.filter((activity) => activity.status === 'scheduled').map((a) => a.id);
  const log = useRecords(
    'workflowEvent',
    scheduledIds.length === 0
      ? null
      : {
          filter: { activityId: { in: scheduledIds }, action: { in: [...QUEUEING_ACTIONS] } },
          limit: PAGE_LIMIT,
          offset: 0,
          sortKey: NEWEST_FIRST.field,
          sortOrder: NEWEST_FIRST.order,
        },
  );
  return scheduledTimes(activities, log.data?.records ?? []);
}
