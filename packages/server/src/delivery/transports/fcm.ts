import { SendError, type PushMessage, type SendReceipt } from '../messenger.ts';
import { field, isSuccess, providerRequest, transientStatus } from './provider-request.ts';

/**
 * An FCM HTTP v1-compatible project (credential type `push`): the base URL, the project id and an OAuth access
 * token. The token is taken ready-made, as the connection test takes it; minting one from a service account's
 * key is left to a later issue.
 */
export interface FcmProject {
  baseUrl: string;
  projectId: string;
  accessToken: string;
}

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
  const answer = await providerRequest(
    url,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${project.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    signal,
  );
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
