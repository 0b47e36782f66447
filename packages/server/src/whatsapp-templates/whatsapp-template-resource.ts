import {
  HeraldError,
  resourceDefinitions,
  whatsAppTemplateWriteSchema,
  type WhatsAppTemplateRecord,
  type WhatsAppTemplateWrite,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { implementResource, validation, type Actor } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow, writeEach } from '../query/write-helpers.ts';
import {
  WHATSAPP_TEMPLATE_SELECT,
  whatsAppTemplateRecord,
  type WhatsAppTemplateRow,
} from './whatsapp-template-record.ts';

/**
 * WhatsApp templates (functional §4): organization-wide, like tags, so a partition-restricted franchisee reads
 * every one (their WhatsApp activities use the same templates); content editors write them. Changes are pushed
 * to `whatsappTemplate` subscribers by writeRecords.
 */
export const whatsAppTemplateResource = implementResource({
  definition: resourceDefinitions.whatsappTemplate,
  table: 'whatsapp_template',
  select: WHATSAPP_TEMPLATE_SELECT,
  toRecord: whatsAppTemplateRecord,
  filters: {
    id: { column: 'whatsapp_template.id' },
    name: { column: 'whatsapp_template.name' },
    language: { column: 'whatsapp_template.language' },
    category: { column: 'whatsapp_template.category' },
    status: { column: 'whatsapp_template.status' },
  },
  sortable: { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' },
  search: ['whatsapp_template.name', 'whatsapp_template.body'],
  restrictedCondition: () => sql`true`,
  write: writeEach(whatsAppTemplateWriteSchema, writeWhatsAppTemplate),
});

const TAKEN = 'A template with this name and language exists';

async function checkNameFree(
  trx: Transaction<Database>,
  organizationId: number,
  name: string,
  language: string,
  exceptId: number,
  path: string,
): Promise<void> {
  const taken = await sql<{ id: number }>`SELECT id FROM whatsapp_template
    WHERE organization_id = ${organizationId} AND name = ${name} AND language = ${language}
      AND id <> ${exceptId}`.execute(trx);
  if (taken.rows.length > 0) throw validation(`${path}.name`, TAKEN);
}

/** Two writers creating the same name at once: the unique index answers for the second, at the field. */
function takenMeanwhile(path: string) {
  return (error: unknown): never => {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505')
      throw validation(`${path}.name`, TAKEN);
    throw error;
  };
}

/** Exported for the demo seed, which writes its templates the way writeRecords does. */
export async function writeWhatsAppTemplate(
  trx: Transaction<Database>,
  actor: Actor,
  input: WhatsAppTemplateWrite,
  path: string,
): Promise<WhatsAppTemplateRecord> {
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.name === undefined) throw validation(`${path}.name`, 'A template needs a name');
    if (input.language === undefined) throw validation(`${path}.language`, 'A template needs a language');
    if (input.body === undefined) throw validation(`${path}.body`, 'A template needs a body');
    await checkNameFree(trx, actor.organizationId, input.name, input.language, 0, path);
    const row = await sql<WhatsAppTemplateRow>`
      INSERT INTO whatsapp_template (organization_id, name, language, category, header, body, footer, buttons,
        status, status_reason)
      VALUES (${actor.organizationId}, ${input.name}, ${input.language}, ${input.category ?? 'marketing'},
        ${input.header ?? ''}, ${input.body}, ${input.footer ?? ''}, ${JSON.stringify(input.buttons ?? [])}::jsonb,
        ${input.status ?? 'pending'}, ${input.statusReason ?? ''})
      RETURNING ${WHATSAPP_TEMPLATE_SELECT}`
      .execute(trx)
      .catch(takenMeanwhile(path));
    return whatsAppTemplateRecord(returnedRow(row));
  }
  const current = (
    await sql<WhatsAppTemplateRow>`SELECT ${WHATSAPP_TEMPLATE_SELECT} FROM whatsapp_template
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId} FOR UPDATE`.execute(trx)
  ).rows[0];
  if (!current) throw new HeraldError('NotFoundError');
  const stored = whatsAppTemplateRecord(current);
  checkVersion(input, stored, path);
  const name = input.name ?? stored.name;
  const language = input.language ?? stored.language;
  if (name !== stored.name || language !== stored.language)
    await checkNameFree(trx, actor.organizationId, name, language, stored.id, path);
  const row = await sql<WhatsAppTemplateRow>`
    UPDATE whatsapp_template SET name = ${name}, language = ${language},
      category = ${input.category ?? stored.category}, header = ${input.header ?? stored.header},
      body = ${input.body ?? stored.body}, footer = ${input.footer ?? stored.footer},
      buttons = ${JSON.stringify(input.buttons ?? stored.buttons)}::jsonb,
      status = ${input.status ?? stored.status}, status_reason = ${input.statusReason ?? stored.statusReason},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${input.id} AND organization_id = ${actor.organizationId}
    RETURNING ${WHATSAPP_TEMPLATE_SELECT}`
    .execute(trx)
    .catch(takenMeanwhile(path));
  return whatsAppTemplateRecord(returnedRow(row));
}
