import { SendError, type Messenger, type SendReceipt, type WhatsAppMessage } from '../messenger.ts';
import { field, isSuccess, providerRequest, transientStatus } from './provider-request.ts';

/**
 * A WhatsApp Cloud API-compatible account (credential type `whatsapp`): the base URL, which includes the Graph
 * API version (`https://graph.facebook.com/v21.0`), the sending phone number's id and an access token.
 */
export interface WhatsAppAccount {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

/**
 * WhatsApp template messages: `POST {baseUrl}/{phone number id}/messages` with a Bearer token and the Cloud
 * API's JSON. The delivery id travels as `biz_opaque_callback_data`, which WhatsApp hands back in its status
 * webhooks. Answers the `wamid` of the message.
 */
export function whatsAppMessenger(account: WhatsAppAccount): Messenger<WhatsAppMessage> {
  const url = `${account.baseUrl}/${encodeURIComponent(account.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    async send(message, signal): Promise<SendReceipt> {
      const { name, language, parameters } = message.template;
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        type: 'template',
        template: {
          name,
          language: { code: language },
          components:
            parameters.length === 0
              ? []
              : [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
        },
        biz_opaque_callback_data: message.deliveryId,
      };
      const answer = await providerRequest(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        signal,
      );
      if (isSuccess(answer.status)) {
        const messages = field(answer.json, 'messages');
        const id = Array.isArray(messages) ? field(messages[0], 'id') : undefined;
        return typeof id === 'string' ? { providerMessageId: id } : {};
      }
      throw graphError(answer.status, answer.json);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Graph error codes that pass: throttling (4, 80007, 130429, 131048, 131056), a temporary or unknown failure
 * (1, 2, 131000, 131016, 133004). Every other code is about the message, the recipient, the template or the
 * credential (190 an expired token, 10 and 200–299 a missing permission, 131026 undeliverable, 132001 no such
 * template), which sending again as it is cannot fix.
 */
const TRANSIENT_GRAPH_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** The Graph API's `{error: {message, type, code, error_subcode, error_data: {details}, fbtrace_id}}`. */
export function graphError(status: number, json: unknown): SendError {
  const error = field(json, 'error');
  const graphCode = field(error, 'code');
  const details = field(field(error, 'error_data'), 'details');
  const words = typeof details === 'string' ? details : field(error, 'message');
  const code = typeof graphCode === 'number' ? `${status} ${graphCode}` : `${status}`;
  const message = typeof words === 'string' ? words : `The WhatsApp provider answered ${status}`;
  if (graphCode === 190 || status === 401)
    return new SendError(`The WhatsApp provider refused the access token of the credential: ${message}`, {
      permanent: true,
      code,
    });
  const transient =
    typeof graphCode === 'number' ? TRANSIENT_GRAPH_CODES.has(graphCode) : transientStatus(status);
  return new SendError(message, { permanent: !transient, code });
}
