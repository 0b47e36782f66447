import { defineArea } from '../area.ts';
import { whatsAppTemplateResource } from './whatsapp-template-resource.ts';

/** The organization's WhatsApp message templates and their states, which WhatsApp activities fill. */
export const whatsAppTemplatesArea = defineArea({
  name: 'whatsapp-templates',
  resources: [whatsAppTemplateResource],
});
