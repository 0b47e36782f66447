import type { WorkflowAction } from '@herald/protocol';
import type { OrganizationCommandMap } from '../../../platform/channel/commandMap.ts';

/** A `workflow` request as the console sends it. */
export type WorkflowRequest = OrganizationCommandMap['workflow']['params'];

/** The actions an enabled targeting rule can block, and which take an administrator's `overrideReason`. */
export const OVERRIDABLE_ACTIONS = [
  'approve',
  'queueSchedule',
  'queueDeploy',
] as const satisfies readonly WorkflowAction[];
type OverridableAction = (typeof OVERRIDABLE_ACTIONS)[number];
export type OverridableParams = Extract<WorkflowRequest, { action: OverridableAction }>;

/**
 * Whether a refused action is one an administrator may pass with a reason (docs/workflow.md § Targeting rules):
 * the targeting rule blocked it, it takes an override, and the caller is an administrator. Anyone else just sees
 * the error.
 */
export function offersTargetingOverride(
  errorType: string | undefined,
  params: Pick<WorkflowRequest, 'action'>,
  isAdmin: boolean,
): params is OverridableParams {
  return (
    isAdmin &&
    errorType === 'TargetingRuleBlockedError' &&
    (OVERRIDABLE_ACTIONS as readonly string[]).includes(params.action)
  );
}
