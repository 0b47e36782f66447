import { defineArea } from '../area.ts';
import {
  TEMPLATE_STATE_SYNC_JOB,
  scheduleTemplateStateSync,
  syncTemplateStates,
} from './template-state-sync.ts';
import { whatsAppTemplateResource } from './whatsapp-template-resource.ts';

/**
 * The organization's WhatsApp message templates and their states, which WhatsApp activities fill; the scheduler
 * keeps the states synced with the Cloud API every quarter-hour (template-state-sync.ts).
 */
export const whatsAppTemplatesArea = defineArea({
  name: 'whatsapp-templates',
  resources: [whatsAppTemplateResource],
  async start(services) {
    services.jobs.handleSystemJob(TEMPLATE_STATE_SYNC_JOB, (job, signal) =>
      syncTemplateStates(services, job, signal),
    );
    await scheduleTemplateStateSync(services.db);
  },
});
