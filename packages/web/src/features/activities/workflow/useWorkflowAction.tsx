import type { ActivityRecord, WorkflowResult } from '@herald/protocol';
import { checkAccess } from '@herald/protocol';
import { useState } from 'react';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import {
  offersTargetingOverride,
  type OverridableParams,
  type WorkflowRequest,
} from './targetingOverride.ts';
import { TargetingRuleOverrideDialog } from './TargetingRuleOverrideDialog.tsx';

/** An action the targeting rule refused, waiting for an administrator's reason. */
export interface BlockedAction {
  params: OverridableParams;
  message: string;
}

/**
 * Runs workflow actions on one activity. When the organization's targeting rule blocks an approval, a schedule
 * or a deployment and the caller is an administrator, it opens the override dialog, which asks for a reason
 * and sends the same action again with it (docs/workflow.md § Targeting rules); anyone else gets the error as it
 * is.
 */
export function useWorkflowAction(
  activity: ActivityRecord,
  handlers: {
    onSuccess?: (answer: WorkflowResult, params: WorkflowRequest) => void;
    /** The targeting rule blocked an action and the override dialog opens in place of the caller's form. */
    onBlocked?: (params: OverridableParams) => void;
  } = {},
) {
  const organization = useCurrentOrganization()!;
  const isAdmin = checkAccess({ capabilities: ['admin'] }, organization.access);
  const [blocked, setBlocked] = useState<BlockedAction | null>(null);
  const mutation = useCommandMutation(organization.channel, 'workflow', {
    onSuccess: (answer, params) => {
      setBlocked(null);
      handlers.onSuccess?.(answer, params);
    },
    onError: (error, params) => {
      if (!offersTargetingOverride(error.type, params, isAdmin)) return;
      setBlocked({ params, message: error.message });
      handlers.onBlocked?.(params);
    },
  });
  const target = { organizationId: organization.organizationId, activityId: activity.id };
  const overrideDialog = (
    <TargetingRuleOverrideDialog
      blocked={blocked}
      pending={mutation.isPending}
      // The retry's own failure, shown in the dialog; the first refusal is the dialog's explanation.
      error={blocked && mutation.variables && 'overrideReason' in mutation.variables ? mutation.error : null}
      onClose={() => setBlocked(null)}
      onOverride={(overrideReason) => blocked && mutation.mutate({ ...blocked.params, overrideReason })}
    />
  );
  return {
    run: (params: WorkflowRequest) => mutation.mutate(params),
    target,
    pending: mutation.isPending,
    pendingAction: mutation.isPending ? mutation.variables.action : undefined,
    /** The action last sent, whether it is still running, succeeded or failed. */
    lastAction: mutation.variables?.action,
    /** The last action's error, unless the override dialog is showing it. */
    error: blocked ? null : mutation.error,
    blocked,
    overrideDialog,
  };
}
