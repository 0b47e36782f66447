import { jobTimings } from '../jobs/job-runner.ts';
import type { Services } from '../services.ts';
import { abortRunningCheck, hasRunningChecks } from './check-action.ts';
import {
  beatCheckRuns,
  recoverAbandonedChecks,
  type AbandonedCheck,
  type AbandonedChecks,
} from './check-runs.ts';
import { announceWorkflowEvents } from './workflow-log.ts';

type WatchServices = Pick<Services, 'db' | 'database' | 'jobs' | 'recordChanges' | 'log'>;

/** Recovers abandoned checks and pushes each activity and its log entry, as a workflow action would. */
async function recover(services: WatchServices, which: AbandonedChecks): Promise<AbandonedCheck[]> {
  const recovered = await recoverAbandonedChecks(services.db, which);
  for (const { organizationId, activity, event } of recovered) {
    await services.recordChanges
      .announce({ organizationId, type: 'activity', records: [activity] })
      .catch((error: unknown) => services.log.error({ err: error }, 'announcing an activity failed'));
    await announceWorkflowEvents(services, organizationId, [event]);
  }
  if (recovered.length > 0)
    services.log.warn(
      { activityIds: recovered.map((each) => each.activity.id) },
      'abandoned checks recovered',
    );
  return recovered;
}

/**
 * Keeps a check from staying `checking` after the process running it is gone (docs/workflow.md § Checks left
 * running). A check runs in the process that took the command, which records itself with the run
 * (check-runs.ts) under the job runner's processId and beats while it works. As the server starts, it takes
 * back to draft the checks nobody runs any more: on the embedded database every one (only this process can
 * have it open), on PostgreSQL those whose process stopped beating; on PostgreSQL it keeps looking, since
 * another process may die while this one runs. As it stops, it gives up its own runs the same way.
 */
export async function watchCheckRuns(services: WatchServices): Promise<() => Promise<void>> {
  const processId = services.jobs.processId;
  const embedded = services.database.kind === 'pglite';
  const deadProcesses = (): AbandonedChecks => ({
    of: 'deadProcesses',
    staleBefore: new Date(Date.now() - jobTimings.staleAfterMs),
    processId,
  });
  await recover(services, embedded ? { of: 'everyProcess' } : deadProcesses());
  let ticking: Promise<void> | undefined;
  const tick = async () => {
    if (hasRunningChecks()) await beatCheckRuns(services.db, processId);
    if (!embedded) await recover(services, deadProcesses());
  };
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = tick()
      .catch((error: unknown) => services.log.warn({ err: error }, 'watching check runs failed'))
      .finally(() => (ticking = undefined));
  }, jobTimings.heartbeatMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await ticking;
    // Moved first, then aborted: an aborted run removes its own row, and its activity would stay checking.
    const given = await recover(services, { of: 'thisProcess', processId }).catch((error: unknown) => {
      services.log.error({ err: error }, 'giving up running checks failed');
      return [];
    });
    for (const { organizationId, activity } of given) abortRunningCheck(organizationId, activity.id);
  };
}
