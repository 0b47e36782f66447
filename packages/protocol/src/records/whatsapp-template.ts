import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/**
 * A WhatsApp message template's state at the provider (functional §4): `pending` while WhatsApp reviews it,
 * `received` once approved (the only state a message can be sent in), `paused` by WhatsApp after poor feedback,
 * `disabled` for good.
 */
export const WHATSAPP_TEMPLATE_STATUSES = ['pending', 'received', 'paused', 'disabled'] as const;
export type WhatsAppTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number];

/** WhatsApp's template categories. */
export const WHATSAPP_TEMPLATE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;

/** The most {{n}} placeholders a body may hold: the number of parameters WhatsApp content carries (20). */
export const WHATSAPP_TEMPLATE_MAX_PARAMETERS = 20;

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** The numbers of a body's {{1}}, {{2}} … placeholders, each once, in ascending order. */
export function whatsAppPlaceholders(body: string): number[] {
  const numbers = new Set<number>();
  for (const match of body.matchAll(PLACEHOLDER)) numbers.add(Number(match[1]));
  return [...numbers].sort((a, b) => a - b);
}

/** How many parameters a body takes: its placeholders must be {{1}} to {{n}}, none skipped. */
export function whatsAppParameterCount(body: string): number {
  return whatsAppPlaceholders(body).length;
}

/** A button under the message: a quick reply, a link (its URL may end in {{1}}) or a number to call. */
export const whatsAppTemplateButtonSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('quickReply'), text: z.string().trim().min(1).max(25) }),
  z.strictObject({
    type: z.literal('url'),
    text: z.string().trim().min(1).max(25),
    url: z.string().trim().min(1).max(2000),
  }),
  z.strictObject({
    type: z.literal('phone'),
    text: z.string().trim().min(1).max(25),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{4,20}$/, 'A phone number'),
  }),
]);
export type WhatsAppTemplateButton = z.infer<typeof whatsAppTemplateButtonSchema>;

/** A WhatsApp template as the server answers it (query type `whatsappTemplate`). */
export const whatsAppTemplateRecordSchema = z.object({
  id: z.number().int(),
  /** The provider's name of the template (lower case, digits and underscores): what content names. */
  name: z.string(),
  /** The provider's language code (en, en_US, pt_BR …). */
  language: z.string(),
  category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES),
  /** Plain text above the body; empty when the template has none. */
  header: z.string(),
  /** The message, with {{1}} … {{n}} where the activity's parameters go. */
  body: z.string(),
  /** Plain grey text under the body; empty when the template has none. */
  footer: z.string(),
  buttons: z.array(whatsAppTemplateButtonSchema),
  status: z.enum(WHATSAPP_TEMPLATE_STATUSES),
  /** What the provider said with the state (why it was paused or disabled); empty when it said nothing. */
  statusReason: z.string(),
  /** How many parameters the body takes (derived from its placeholders). */
  parameterCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type WhatsAppTemplateRecord = z.infer<typeof whatsAppTemplateRecordSchema>;

const templateName = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,512}$/, 'Lower-case letters, digits and underscores, as WhatsApp names templates');
const templateLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/, 'A language code such as en or en_US');
const templateBody = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .superRefine((body, context) => {
    const numbers = whatsAppPlaceholders(body);
    if (numbers.length > WHATSAPP_TEMPLATE_MAX_PARAMETERS)
      context.addIssue({
        code: 'custom',
        message: `At most ${WHATSAPP_TEMPLATE_MAX_PARAMETERS} placeholders`,
      });
    if (numbers.some((number, index) => number !== index + 1))
      context.addIssue({
        code: 'custom',
        message: 'Placeholders are numbered {{1}}, {{2}} … with none skipped',
      });
  });

/**
 * Create (name, language and body needed; the name and language together unique in the organization) or update
 * (id and version). Content editors keep the organization's copy of its templates and their states in step with
 * the provider's.
 */
export const whatsAppTemplateWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  name: templateName.optional(),
  language: templateLanguage.optional(),
  category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES).optional(),
  header: z.string().trim().max(60).optional(),
  body: templateBody.optional(),
  footer: z.string().trim().max(60).optional(),
  buttons: z.array(whatsAppTemplateButtonSchema).max(10).optional(),
  status: z.enum(WHATSAPP_TEMPLATE_STATUSES).optional(),
  statusReason: z.string().trim().max(1000).optional(),
});
export type WhatsAppTemplateWrite = z.infer<typeof whatsAppTemplateWriteSchema>;

export const whatsAppTemplateResource = defineResource({
  type: 'whatsappTemplate',
  description:
    'WhatsApp message templates (functional §4): the provider’s approved wording a WhatsApp activity fills ' +
    'with its parameters, by name and language, with their state: pending, received (the only state that can be ' +
    'sent), paused or disabled. Organization-wide: every member reads them (franchisees too), content editors ' +
    'write them. sortKey defaults to name (give sortOrder asc for A to Z); search looks in the name and the body.',
  record: whatsAppTemplateRecordSchema,
  write: whatsAppTemplateWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    language: filterOn.code,
    category: filterOn.code,
    status: filterOn.code,
  },
  sortKeys: ['name', 'createdAt', 'updatedAt'],
  defaultSortKey: 'name',
  searchable: true,
  ...RESOURCE_ACCESS.whatsappTemplate,
  live: true,
});
