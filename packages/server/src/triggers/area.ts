import { defineArea, type Area } from '../area.ts';
import { registerTriggerRoutes } from './api-routes.ts';
import { decideTriggeredSends } from './decide-triggered-sends.ts';
import { TRIGGERED_SENDS_JOB } from './trigger-job.ts';

/**
 * Triggered sends (docs/workflow.md § Scheduling): the API trigger and the events API,
 * the statement trigger that queues event-triggered sends (migration 0028), and the scheduler's system job that
 * decides each due one for the delivery engine.
 */
export const triggersArea: Area = defineArea({
  name: 'triggers',
  routes: registerTriggerRoutes,
  async start(services) {
    services.jobs.handleSystemJob(TRIGGERED_SENDS_JOB, (job, signal) =>
      decideTriggeredSends(services.db, job, signal),
    );
  },
});
