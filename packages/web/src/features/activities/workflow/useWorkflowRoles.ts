import type { ActivityRecord, WorkflowAction } from '@herald/protocol';
import { useEffect } from 'react';
import { useCommand } from '../../../platform/data/useCommand.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';

/**
 * What the caller may do on the activity now (`getRoles`), asked again whenever the activity's status or version
 * changes (each arrives as a live push of the activity). The panels of one page share the one answer.
 */
export function useWorkflowRoles(activity: ActivityRecord) {
  const organization = useCurrentOrganization()!;
  const roles = useCommand(organization.channel, 'workflow', {
    organizationId: organization.organizationId,
    activityId: activity.id,
    action: 'getRoles',
  });
  const { refetch } = roles;
  useEffect(() => {
    // Several panels ask at once: one request serves them all rather than each cancelling the last.
    void refetch({ cancelRefetch: false });
  }, [activity.status, activity.version, refetch]);
  const allowed: readonly WorkflowAction[] = roles.data?.actions ?? [];
  return {
    allowed,
    participants: roles.data?.participants ?? [],
    error: roles.error,
    refetch: () => void refetch({ cancelRefetch: false }),
  };
}
