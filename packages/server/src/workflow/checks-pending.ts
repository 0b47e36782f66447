import { CHECK_NAMES, type CheckResult } from '@herald/protocol';
import type { RunActivityChecks } from '../checks/check-run.ts';

/**
 * Stands in for the checks engine (checks/run-activity-checks.ts, built beside the workflow in issue 15) until
 * the composition wires it in: every check warns that it did not run, so an activity can move on but nobody
 * mistakes it for checked content. Replace it in areas.ts, never in the workflow.
 */
export const checksNotYetRun: RunActivityChecks = async () =>
  CHECK_NAMES.map((name): CheckResult => ({
    name,
    status: 'warn',
    message: 'This check is not available yet.',
  }));
