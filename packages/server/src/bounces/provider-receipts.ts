/** A provider's delivery receipt for one message, in Herald's terms. */
export interface ProviderReceipt {
  providerMessageId: string;
  /** The provider's own status word (delivered, undelivered, failed); with the id, what makes it once. */
  providerStatus: string;
  outcome: 'delivered' | 'hard' | 'soft';
  /** The provider's error code, or its status word when it gives none. */
  code: string;
  diagnostic: string;
}

/**
 * Twilio error codes that say the number can never receive the message (invalid, unknown, a landline, not
 * mobile, blocked by its owner); every other failure (unreachable, carrier trouble, queue overflow) may pass
 * later, so it is soft. https://www.twilio.com/docs/api/errors
 */
const TWILIO_PERMANENT_ERRORS = new Set(['21211', '21612', '21614', '30004', '30005', '30006']);

/** A Twilio status callback (form parameters MessageSid, MessageStatus, ErrorCode, ErrorMessage). */
export function twilioReceipt(params: URLSearchParams): ProviderReceipt | undefined {
  const providerMessageId = params.get('MessageSid') ?? params.get('SmsSid') ?? '';
  const providerStatus = (params.get('MessageStatus') ?? params.get('SmsStatus') ?? '').toLowerCase();
  if (!providerMessageId) return undefined;
  if (providerStatus === 'delivered')
    return { providerMessageId, providerStatus, outcome: 'delivered', code: '', diagnostic: '' };
  if (providerStatus !== 'failed' && providerStatus !== 'undelivered') return undefined;
  const code = params.get('ErrorCode') ?? '';
  return {
    providerMessageId,
    providerStatus,
    outcome: TWILIO_PERMANENT_ERRORS.has(code) ? 'hard' : 'soft',
    code: code || providerStatus,
    diagnostic: (params.get('ErrorMessage') ?? '').slice(0, 1000),
  };
}

/**
 * WhatsApp Cloud API error codes that say the recipient cannot get the message: 131026 (not a WhatsApp user,
 * or one who cannot receive it), 131021 (the recipient is the sender). Others (rate limits, a closed window,
 * the service down) are soft. https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
const WHATSAPP_PERMANENT_ERRORS = new Set(['131026', '131021']);

interface WhatsAppStatus {
  id?: unknown;
  status?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }>;
}

/** The receipts of a WhatsApp Cloud API webhook: entry[].changes[].value.statuses[]. */
export function whatsAppReceipts(payload: unknown): ProviderReceipt[] {
  const receipts: ProviderReceipt[] = [];
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return receipts;
  for (const entry of entries as Array<{ changes?: unknown }>) {
    if (!Array.isArray(entry?.changes)) continue;
    for (const change of entry.changes as Array<{ value?: { statuses?: unknown } }>) {
      const statuses = change?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const status of statuses as WhatsAppStatus[]) {
        const receipt = whatsAppReceipt(status);
        if (receipt) receipts.push(receipt);
      }
    }
  }
  return receipts;
}

function whatsAppReceipt(status: WhatsAppStatus): ProviderReceipt | undefined {
  if (typeof status?.id !== 'string' || typeof status.status !== 'string') return undefined;
  const providerMessageId = status.id;
  const providerStatus = status.status.toLowerCase();
  if (providerStatus === 'delivered')
    return { providerMessageId, providerStatus, outcome: 'delivered', code: '', diagnostic: '' };
  if (providerStatus !== 'failed') return undefined;
  const error = status.errors?.[0];
  const code = error?.code === undefined ? '' : String(error.code);
  const diagnostic = [error?.title, error?.message, error?.error_data?.details]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(': ')
    .slice(0, 1000);
  return {
    providerMessageId,
    providerStatus,
    outcome: WHATSAPP_PERMANENT_ERRORS.has(code) ? 'hard' : 'soft',
    code: code || providerStatus,
    diagnostic,
  };
}
