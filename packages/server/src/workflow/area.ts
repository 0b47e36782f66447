import { defineArea, type Area } from '../area.ts';
import type { RunActivityChecks } from '../checks/check-run.ts';
import { watchCheckRuns } from './check-run-watch.ts';
import { workflowOrganizationCommands } from './commands.ts';
import { DEPLOYMENT_JOB_KIND } from './deployment.ts';
import { deploymentJob } from './deployment-job.ts';
import { workflowEventResource } from './workflow-event-resource.ts';

/**
 * The activity workflow (docs/workflow.md): the `workflow` command over the declared state machine,
 * its log (`workflowEvent`), participants, approvals per revision, and the job that starts a queued
 * deployment. The checks engine is given, so the composition (areas.ts) and tests choose which runs.
 */
export function workflowArea(services: { runActivityChecks: RunActivityChecks }): Area {
  return defineArea({
    name: 'workflow',
    organizationCommands: workflowOrganizationCommands(services.runActivityChecks),
    resources: [workflowEventResource],
    jobs: { [DEPLOYMENT_JOB_KIND]: deploymentJob },
    // Checks left running by a stopped process go back to draft, at start and then as processes die.
    start: watchCheckRuns,
  });
}
