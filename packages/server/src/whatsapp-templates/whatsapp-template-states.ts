import type { WhatsAppTemplateRecord } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { WhatsAppTemplateState } from '../delivery/transports/whatsapp-template-states.ts';
import {
  WHATSAPP_TEMPLATE_SELECT,
  whatsAppTemplateRecord,
  type WhatsAppTemplateRow,
} from './whatsapp-template-record.ts';

/** WhatsApp's statuses that Herald's say exactly; any other is kept as the reason. */
const EXACT = new Set(['APPROVED', 'PENDING', 'PAUSED', 'DISABLED']);

/**
 * Writes the states WhatsApp answered (fetchWhatsAppTemplateStates) onto the organization's templates of the
 * same name and language. Only a template whose state changed is written (and its version moves on, so an
 * editor's stale save is refused, not lost); WhatsApp's own word is kept as the reason when Herald's status is
 * coarser (REJECTED and DISABLED are both `disabled`). Answers the changed templates, for the caller to push
 * to `whatsappTemplate` subscribers. Templates WhatsApp does not know are left as they are.
 */
export async function applyWhatsAppTemplateStates(
  db: Kysely<Database>,
  organizationId: number,
  states: readonly WhatsAppTemplateState[],
): Promise<WhatsAppTemplateRecord[]> {
  const changed: WhatsAppTemplateRecord[] = [];
  for (const state of states) {
    const reason = EXACT.has(state.providerStatus.toUpperCase()) ? '' : state.providerStatus;
    const { rows } = await sql<WhatsAppTemplateRow>`
      UPDATE whatsapp_template SET status = ${state.status}, status_reason = ${reason},
        updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
      WHERE organization_id = ${organizationId} AND name = ${state.name} AND language = ${state.language}
        AND (status <> ${state.status} OR status_reason <> ${reason})
      RETURNING ${WHATSAPP_TEMPLATE_SELECT}`.execute(db);
    changed.push(...rows.map(whatsAppTemplateRecord));
  }
  return changed;
}
