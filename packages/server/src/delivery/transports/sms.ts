import { SendError, type Messenger, type SendReceipt, type SmsMessage } from '../messenger.ts';
import { field, isSuccess, providerRequest, transientStatus } from './provider-request.ts';

/** A Twilio-compatible account: the base URL, the account SID and its auth token (credential type `twilio`). */
export interface TwilioAccount {
  baseUrl: string;
  sid: string;
  authToken: string;
  /**
   * Where the provider posts the message's status (the delivery-receipt webhook); the delivery id is added as
   * `deliveryId`, so a receipt finds its delivery row. Left out, no status is posted.
   */
  statusCallbackUrl?: string;
}

/**
 * SMS through a Twilio-compatible REST API: `POST {baseUrl}/2010-04-01/Accounts/{sid}/Messages.json`, form
 * encoded `To`, `From`, `Body` and `StatusCallback`, Basic auth with the SID and auth token. Answers the
 * message SID.
 */
export function smsMessenger(account: TwilioAccount): Messenger<SmsMessage> {
  const url = `${account.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(account.sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${account.sid}:${account.authToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    async send(message, signal): Promise<SendReceipt> {
      const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.text });
      if (account.statusCallbackUrl) {
        const callback = new URL(account.statusCallbackUrl);
        callback.searchParams.set('deliveryId', message.deliveryId);
        form.set('StatusCallback', callback.toString());
      }
      const answer = await providerRequest(
        url,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        signal,
      );
      if (isSuccess(answer.status)) {
        const sid = field(answer.json, 'sid');
        return typeof sid === 'string' ? { providerMessageId: sid } : {};
      }
      throw twilioError(answer.status, answer.json);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Twilio's error answer is `{code, message, more_info, status}`. A 400 is a message Twilio refuses as given (an
 * invalid or unreachable number: 21211, 21614; a blocked one: 21610), so sending it again cannot help; a 401
 * is a refused credential, which needs an administrator; a 429 or 5xx passes.
 */
function twilioError(status: number, json: unknown): SendError {
  const twilioCode = field(json, 'code');
  const words = field(json, 'message');
  const code =
    typeof twilioCode === 'number' || typeof twilioCode === 'string'
      ? `${status} ${twilioCode}`
      : `${status}`;
  if (status === 401)
    return new SendError('The SMS provider refused the account SID or auth token of the credential', {
      permanent: true,
      code,
    });
  const message = typeof words === 'string' ? words : `The SMS provider answered ${status}`;
  return new SendError(message, { permanent: !transientStatus(status), code });
}
