import {
  whatsAppParameterCount,
  whatsAppTemplateButtonSchema,
  type WhatsAppTemplateRecord,
} from '@herald/protocol';
import { sql, type Selectable } from 'kysely';
import type { WhatsAppTemplateTable } from './tables.ts';

/** A template as WHATSAPP_TEMPLATE_SELECT reads it. */
export type WhatsAppTemplateRow = Omit<Selectable<WhatsAppTemplateTable>, 'organization_id'>;

export const WHATSAPP_TEMPLATE_SELECT = sql<WhatsAppTemplateRow>`whatsapp_template.id, whatsapp_template.name,
  whatsapp_template.language, whatsapp_template.category, whatsapp_template.header, whatsapp_template.body,
  whatsapp_template.footer, whatsapp_template.buttons, whatsapp_template.status, whatsapp_template.status_reason,
  whatsapp_template.created_at, whatsapp_template.updated_at, whatsapp_template.version`;

const iso = (value: Date) => new Date(value).toISOString();

/** The stored buttons, each checked against the contract; one that no longer parses is left out, not failed on. */
function buttonsOf(stored: unknown): WhatsAppTemplateRecord['buttons'] {
  const list: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (!Array.isArray(list)) return [];
  return list.flatMap((button) => {
    const parsed = whatsAppTemplateButtonSchema.safeParse(button);
    return parsed.success ? [parsed.data] : [];
  });
}

export function whatsAppTemplateRecord(row: WhatsAppTemplateRow): WhatsAppTemplateRecord {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category as WhatsAppTemplateRecord['category'],
    header: row.header,
    body: row.body,
    footer: row.footer,
    buttons: buttonsOf(row.buttons),
    status: row.status as WhatsAppTemplateRecord['status'],
    statusReason: row.status_reason,
    parameterCount: whatsAppParameterCount(row.body),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}
