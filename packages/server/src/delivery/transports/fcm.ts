import { SendError, type PushMessage, type SendReceipt } from '../messenger.ts';
import { fcmAccessToken, forgetFcmAccessToken, type FcmServiceAccount } from './fcm-access-token.ts';
import {
  field,
  isSuccess,
  providerRequest,
  transientStatus,
  type ProviderAnswer,
} from './provider-request.ts';

/**
 * An FCM HTTP v1-compatible project (credential type `push`): the base URL, the project id, and how a send is
 * authorized: a service account whose access tokens Herald mints and caches (fcm-access-token.ts), or a
 * ready-made access token (a gateway's, a test's; Google's lapse within the hour).
 */
export type FcmProject = { baseUrl: string; projectId: string } & (
  { accessToken: string } | { serviceAccount: FcmServiceAccount }
);

type FcmMessage = PushMessage & { to: { kind: 'fcm'; token: string } };

/**
 * `POST {baseUrl}/v1/projects/{project id}/messages:send` with a Bearer token and `{message: {token,
 * notification, data, webpush}}`. The delivery id travels in `data.heraldDelivery`, so the app that shows the
 * notification can report it. Answers the message's name (`projects/{project}/messages/{id}`).
 */
export async function sendFcm(
  project: FcmProject,
  message: FcmMessage,
  signal: AbortSignal,
): Promise<SendReceipt> {
  const url = `${project.baseUrl}/v1/projects/${encodeURIComponent(project.projectId)}/messages:send`;
  const notification = {
    title: message.title,
    body: message.body,
    ...(message.image ? { image: message.image } : {}),
  };
  const body = {
    message: {
      token: message.to.token,
      notification,
      data: { heraldDelivery: message.deliveryId, ...(message.url ? { url: message.url } : {}) },
      ...(message.url ? { webpush: { fcm_options: { link: message.url } } } : {}),
    },
  };
  const post = (accessToken: string): Promise<ProviderAnswer> =>
    providerRequest(
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      signal,
    );
  let answer: ProviderAnswer;
  if ('serviceAccount' in project) {
    const account = project.serviceAccount;
    const token = await fcmAccessToken(account, signal);
    answer = await post(token);
    // A cached token FCM no longer takes (revoked, or the clocks disagree on its hour): mint once more and send
    // the message once more; a second refusal is the credential's and fails for good below.
    if (answer.status === 401) {
      forgetFcmAccessToken(account, token);
      answer = await post(await fcmAccessToken(account, signal));
    }
  } else answer = await post(project.accessToken);
  if (isSuccess(answer.status)) {
    const name = field(answer.json, 'name');
    return typeof name === 'string' ? { providerMessageId: name } : {};
  }
  throw fcmError(answer.status, answer.json);
}

/** FCM's error codes (FcmError.errorCode) that pass: the quota, and FCM's own trouble. */
const TRANSIENT_FCM_CODES = new Set(['QUOTA_EXCEEDED', 'UNAVAILABLE', 'INTERNAL']);

/**
 * Google's `{error: {code, message, status, details: [{@type: …FcmError, errorCode}]}}`. UNREGISTERED (an app
 * uninstalled, a token expired), INVALID_ARGUMENT and SENDER_ID_MISMATCH are about the token or the message;
 * 401 and THIRD_PARTY_AUTH_ERROR about the credential; none passes by sending again.
 */
function fcmError(status: number, json: unknown): SendError {
  const error = field(json, 'error');
  const details = field(error, 'details');
  const fcmCode = Array.isArray(details)
    ? details.map((detail) => field(detail, 'errorCode')).find((code) => typeof code === 'string')
    : undefined;
  const googleStatus = field(error, 'status');
  const named =
    typeof fcmCode === 'string' ? fcmCode : typeof googleStatus === 'string' ? googleStatus : undefined;
  const code = named ? `${status} ${named}` : `${status}`;
  const words = field(error, 'message');
  const message = typeof words === 'string' ? words : `The push provider answered ${status}`;
  if (status === 401)
    return new SendError(`The push provider refused the access token of the credential: ${message}`, {
      permanent: true,
      code,
    });
  const transient = typeof fcmCode === 'string' ? TRANSIENT_FCM_CODES.has(fcmCode) : transientStatus(status);
  return new SendError(message, { permanent: !transient, code });
}
