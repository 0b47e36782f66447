import { isProviderBaseUrl } from '@herald/protocol';
import { webPush, type WebPushLibrary } from './web-push-client.ts';
import { SendError, type PushMessage, type SendReceipt } from '../messenger.ts';
import { isSuccess, providerRequest, transientStatus } from './provider-request.ts';

/** The organization's VAPID key pair (vapid-keys.ts) and the contact the push services are given. */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** An https URL or a mailto: address that push services can reach the sender at (RFC 8292 §2.1). */
  subject: string;
}

type WebPushMessage = PushMessage & {
  to: { kind: 'webpush'; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } };
};

/** A day: a marketing notification older than that is not worth showing. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292): web-push encrypts the payload to the subscription's keys
 * (aes128gcm, RFC 8291) and signs the VAPID `Authorization` header; the request it describes is POSTed to the
 * subscription's endpoint with fetch, so the send has the engine's signal and timeout like every other. The
 * endpoint is the browser's push service: https only (plain http on loopback, a test's peer), as for a
 * credential's base URL. Answers the push service's message URL (`Location`).
 */
export async function sendWebPush(
  vapid: VapidIdentity,
  message: WebPushMessage,
  signal: AbortSignal,
): Promise<SendReceipt> {
  const { subscription } = message.to;
  if (!isProviderBaseUrl(subscription.endpoint.replace(/\?.*$/, '')))
    throw new SendError('The Web Push subscription has no https endpoint', {
      permanent: true,
      code: 'endpoint',
    });
  const payload = JSON.stringify({
    title: message.title,
    body: message.body,
    url: message.url,
    image: message.image,
    heraldDelivery: message.deliveryId,
  });
  let request: ReturnType<WebPushLibrary['generateRequestDetails']>;
  try {
    request = webPush().generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // Keys that are not a P-256 point and a 16-byte secret: the subscription is broken for good.
    throw new SendError(`The Web Push subscription cannot be encrypted to: ${(error as Error).message}`, {
      permanent: true,
      code: 'keys',
      cause: error,
    });
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // fetch counts the body itself.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const answer = await providerRequest(
    request.endpoint,
    { method: 'POST', headers, body: request.body ?? undefined },
    signal,
  );
  if (isSuccess(answer.status)) {
    const location = answer.headers.get('location');
    return location ? { providerMessageId: location } : {};
  }
  throw webPushError(answer.status, answer.text);
}

/**
 * A push service's refusal: 404 and 410 say the subscription is gone (the browser unsubscribed), 400 and 413 a
 * request it will never take, 401 and 403 a VAPID signature it refuses; 429 and 5xx pass.
 */
function webPushError(status: number, text: string): SendError {
  const gone = status === 404 || status === 410;
  const words = text.trim().slice(0, 200);
  const message = gone
    ? 'The Web Push subscription has expired or was unsubscribed'
    : words || `The push service answered ${status}`;
  return new SendError(message, { permanent: !transientStatus(status), code: `${status}` });
}
