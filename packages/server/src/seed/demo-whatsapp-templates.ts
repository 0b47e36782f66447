import { capabilitiesForRoles, whatsAppTemplateWriteSchema } from '@herald/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { writeWhatsAppTemplate } from '../whatsapp-templates/whatsapp-template-resource.ts';
import type { DemoBrand } from './demo-activities.ts';

/**
 * Each demo organization's WhatsApp templates, one in each state, so the WhatsApp editor shows what can be
 * chosen and what cannot. `weekly_offer` (received, three parameters) is the one the demo WhatsApp activities
 * use (demo-activities.ts); written through the contract's schema as writeRecords writes them.
 */
export async function insertDemoWhatsAppTemplates(
  trx: Transaction<Database>,
  brands: readonly DemoBrand[],
): Promise<void> {
  for (const brand of brands) {
    const actor: Actor = {
      organizationId: brand.organizationId,
      userId: brand.userId,
      capabilities: capabilitiesForRoles(['System.Admin']),
      partitionIds: undefined,
    };
    for (const [index, template] of demoTemplates(brand).entries())
      await writeWhatsAppTemplate(trx, actor, whatsAppTemplateWriteSchema.parse(template), `demo.${index}`);
  }
}

function demoTemplates(brand: DemoBrand): Array<Record<string, unknown>> {
  const language = brand.whatsAppLanguage;
  return [
    {
      name: 'weekly_offer',
      language,
      category: 'marketing',
      header: `${brand.name} this week`,
      body: 'Hi {{1}}! {{2}} is on now. See the offer: {{3}}',
      footer: 'Reply STOP to opt out',
      buttons: [
        { type: 'url', text: brand.callToAction, url: `${brand.site}/offers` },
        { type: 'quickReply', text: 'Not interested' },
      ],
      status: 'received',
    },
    {
      name: 'order_ready',
      language,
      category: 'utility',
      body: 'Hi {{1}}, your order {{2}} is ready for pick-up at {{3}}.',
      status: 'received',
    },
    {
      name: 'birthday_treat',
      language,
      category: 'marketing',
      header: 'Happy birthday!',
      body: 'Happy birthday {{1}}! Here is a treat on us: {{2}}',
      status: 'pending',
    },
    {
      name: 'flash_sale',
      language,
      category: 'marketing',
      body: 'Flash sale, {{1}}: {{2}} off everything until midnight.',
      buttons: [{ type: 'phone', text: 'Call us', phoneNumber: '+61 2 9000 0000' }],
      status: 'paused',
      statusReason: 'Paused by WhatsApp: many recipients reported or blocked this template.',
    },
    {
      name: 'welcome_2023',
      language,
      category: 'marketing',
      body: 'Welcome to {{1}}, {{2}}!',
      status: 'disabled',
      statusReason: 'Disabled by WhatsApp after repeated low quality ratings.',
    },
  ];
}
