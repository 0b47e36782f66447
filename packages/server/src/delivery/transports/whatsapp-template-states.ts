import type { WhatsAppTemplateStatus } from '@herald/protocol';
import { SendError } from '../messenger.ts';
import { field, isSuccess, providerRequest } from './provider-request.ts';
import { graphError, type WhatsAppAccount } from './whatsapp.ts';

/** A template's state as WhatsApp holds it, in Herald's words. */
export interface WhatsAppTemplateState {
  name: string;
  language: string;
  status: WhatsAppTemplateStatus;
  /** WhatsApp's own status word (APPROVED, REJECTED…), kept as the reason where Herald's is coarser. */
  providerStatus: string;
}

/** At most this many pages are read: 100 templates a page is far beyond what an account keeps (250). */
const MAX_PAGES = 20;

/**
 * Reads the states of the business account's templates: `GET {baseUrl}/{business account id}/message_templates
 * ?fields=name,language,status&limit=100`, following `paging.next` on the same base URL. Templates belong to the
 * WhatsApp Business Account, not to the phone number the credential names, so its id is given.
 */
export async function fetchWhatsAppTemplateStates(
  account: WhatsAppAccount,
  businessAccountId: string,
  signal: AbortSignal,
): Promise<WhatsAppTemplateState[]> {
  const states: WhatsAppTemplateState[] = [];
  let url: string | undefined =
    `${account.baseUrl}/${encodeURIComponent(businessAccountId)}/message_templates?fields=name,language,status&limit=100`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const answer = await providerRequest(
      url,
      { method: 'GET', headers: { authorization: `Bearer ${account.accessToken}` } },
      signal,
    );
    if (!isSuccess(answer.status)) throw graphError(answer.status, answer.json);
    const data = field(answer.json, 'data');
    if (!Array.isArray(data))
      throw new SendError('The WhatsApp provider answered templates without data', { permanent: false });
    for (const template of data) {
      const name = field(template, 'name');
      const language = field(template, 'language');
      const status = field(template, 'status');
      if (typeof name !== 'string' || typeof language !== 'string' || typeof status !== 'string') continue;
      states.push({ name, language, status: heraldStatus(status), providerStatus: status });
    }
    const next = field(field(answer.json, 'paging'), 'next');
    url = typeof next === 'string' && next.startsWith(`${account.baseUrl}/`) ? next : undefined;
  }
  return states;
}

/**
 * WhatsApp's template statuses in Herald's four: approved templates can be sent (`received`); those in review
 * or appeal are `pending`; PAUSED is `paused`; rejected, disabled, deleted, archived or over a limit are
 * `disabled`, which cannot be sent.
 */
function heraldStatus(status: string): WhatsAppTemplateStatus {
  switch (status.toUpperCase()) {
    case 'APPROVED':
      return 'received';
    case 'PENDING':
    case 'IN_APPEAL':
      return 'pending';
    case 'PAUSED':
      return 'paused';
    default:
      return 'disabled';
  }
}
