import { createHash } from 'node:crypto';
import { SendError, type LineMessage, type Messenger, type SendReceipt } from '../messenger.ts';
import { field, isSuccess, providerRequest, transientStatus } from './provider-request.ts';

/** A LINE Messaging API channel (credential type `line`): the base URL and the channel access token. */
export interface LineChannel {
  baseUrl: string;
  channelAccessToken: string;
}

/**
 * LINE push messages: `POST {baseUrl}/v2/bot/message/push` with a Bearer channel access token and `{to,
 * messages}`. `X-Line-Retry-Key` is a UUID derived from the delivery id, so a retry of a send whose answer was
 * lost is not delivered twice: LINE answers it 409 with the first request's id, which is taken as sent.
 */
export function lineMessenger(channel: LineChannel): Messenger<LineMessage> {
  const url = `${channel.baseUrl}/v2/bot/message/push`;
  return {
    channel: 'line',
    async send(message, signal): Promise<SendReceipt> {
      const answer = await providerRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${channel.channelAccessToken}`,
            'content-type': 'application/json',
            'x-line-retry-key': lineRetryKey(message.deliveryId),
          },
          body: JSON.stringify({ to: message.to, messages: message.messages }),
        },
        signal,
      );
      if (isSuccess(answer.status)) {
        const sent = field(answer.json, 'sentMessages');
        const id = Array.isArray(sent) ? field(sent[0], 'id') : undefined;
        const requestId = answer.headers.get('x-line-request-id');
        if (typeof id === 'string') return { providerMessageId: id };
        return requestId ? { providerMessageId: requestId } : {};
      }
      const accepted = answer.headers.get('x-line-accepted-request-id');
      if (answer.status === 409 && accepted) return { providerMessageId: accepted };
      throw lineError(answer.status, answer.json);
    },
    close: () => Promise.resolve(),
  };
}

/** A name-based UUID (version 5, RFC 9562 §5.5) of the delivery id: the same delivery, the same key. */
export function lineRetryKey(deliveryId: string): string {
  const bytes = createHash('sha1')
    .update(HERALD_DELIVERY_NAMESPACE)
    .update(deliveryId)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Herald's namespace for delivery ids (a fixed random UUID, as bytes). */
const HERALD_DELIVERY_NAMESPACE = Buffer.from('6f1c2a9e3b7d4e0f8a5c1d2e3f405162', 'hex');

/**
 * LINE's error answer is `{message, details: [{message, property}]}`. A 400 is a message or user id LINE
 * refuses, 401 a refused token and 403 a channel not allowed to push: none passes by sending again. 429 (the
 * rate or the month's message quota) and 5xx pass.
 */
function lineError(status: number, json: unknown): SendError {
  const words = field(json, 'message');
  const details = field(json, 'details');
  const detail = Array.isArray(details) ? field(details[0], 'message') : undefined;
  const said = [words, detail].filter((part): part is string => typeof part === 'string').join(': ');
  const message = said || `The LINE provider answered ${status}`;
  if (status === 401)
    return new SendError(`The LINE provider refused the channel access token of the credential: ${message}`, {
      permanent: true,
      code: '401',
    });
  return new SendError(message, { permanent: !transientStatus(status), code: `${status}` });
}
