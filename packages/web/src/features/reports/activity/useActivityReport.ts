import type { ActivityRecord } from '@herald/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { commandKey, useCommand } from '../../../platform/data/useCommand.ts';
import { subscriptionsFor } from '../../../platform/list/recordSubscriptions.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';

/** Pushes come in bursts while the engine sends: the report is read again at most once a second. */
const REFRESH_INTERVAL_MS = 1_000;

/**
 * getActivityReport of one activity, kept live: a `deploymentRun` push of this activity (the engine's progress,
 * twice a second while it sends), a `subscriberEvent` of it (an open, a click, an unsubscribe, a bounce), a
 * `delivery` push of it or an `activity` push of it (its status) reads the report again, throttled.
 */
export function useActivityReport(activity: ActivityRecord) {
  const organization = useCurrentOrganization()!;
  const queryClient = useQueryClient();
  const params = { organizationId: organization.organizationId, activityId: activity.id };
  const report = useCommand(organization.channel, 'getActivityReport', params, { retry: false });
  const { channel, organizationId } = organization;
  useEffect(() => {
    const key = commandKey(channel, 'getActivityReport', { organizationId, activityId: activity.id });
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer !== undefined) return;
      const wait = Math.max(0, last + REFRESH_INTERVAL_MS - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        void queryClient.invalidateQueries({ queryKey: key });
      }, wait);
    };
    const subscriptions = subscriptionsFor(channel, organizationId);
    const stopDeliveries = subscriptions.listen('delivery', (push) => {
      if (push.records.some((record) => (record as { activityId?: unknown }).activityId === activity.id))
        refresh();
    });
    const stopActivities = subscriptions.listen('activity', (push) => {
      if (push.records.some((record) => record.id === activity.id)) refresh();
    });
    const ofActivity = (push: { records: ReadonlyArray<Record<string, unknown>> }) =>
      push.records.some((record) => record.activityId === activity.id);
    const stopRuns = subscriptions.listen('deploymentRun', (push) => {
      if (ofActivity(push)) refresh();
    });
    const stopEvents = subscriptions.listen('subscriberEvent', (push) => {
      if (ofActivity(push)) refresh();
    });
    return () => {
      stopDeliveries();
      stopActivities();
      stopRuns();
      stopEvents();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [channel, organizationId, queryClient, activity.id]);
  return report;
}
