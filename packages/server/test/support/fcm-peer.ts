import { randomBytes } from 'node:crypto';
import { HttpPeer, bearerOf, jsonOf, type PeerAnswer, type PeerRequest } from './http-peer.ts';

export interface FcmSentMessage {
  name: string;
  message: Record<string, unknown>;
}

/** Google's error body, with FCM's own code in `details` when there is one. */
export function fcmError(
  status: number,
  googleStatus: string,
  message: string,
  fcmCode?: string,
): PeerAnswer {
  return {
    status,
    json: {
      error: {
        code: status,
        message,
        status: googleStatus,
        ...(fcmCode
          ? {
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: fcmCode },
              ],
            }
          : {}),
      },
    },
  };
}

/**
 * FCM HTTP v1 on loopback: `POST /v1/projects/{project id}/messages:send` with a Bearer access token and
 * `{message, validate_only?}`. The message names exactly one target (`token`, `topic` or `condition`), its
 * `data` values are strings, a notification has a string title and body. A token given to `unregister` answers
 * 404 UNREGISTERED, as FCM does for an app uninstalled. Answers `{name: projects/{project}/messages/{id}}`; a
 * wrong token 401 UNAUTHENTICATED, another project 403 PERMISSION_DENIED, a malformed message 400
 * INVALID_ARGUMENT.
 */
export class FcmPeer {
  readonly sent: FcmSentMessage[] = [];
  readonly unregistered = new Set<string>();
  private constructor(
    readonly http: HttpPeer,
    private readonly project: { projectId: string; accessToken: string },
  ) {}

  static async start(project: { projectId: string; accessToken: string }): Promise<FcmPeer> {
    const http = await HttpPeer.start();
    const peer = new FcmPeer(http, project);
    http.serve((request) => peer.answer(request));
    return peer;
  }

  get url(): string {
    return this.http.url;
  }

  unregister(token: string): void {
    this.unregistered.add(token);
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private answer(request: PeerRequest): PeerAnswer {
    if (bearerOf(request) !== this.project.accessToken)
      return fcmError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'THIRD_PARTY_AUTH_ERROR',
      );
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.path);
    if (request.method !== 'POST' || !match) return fcmError(404, 'NOT_FOUND', 'Not found');
    if (decodeURIComponent(match[1] ?? '') !== this.project.projectId)
      return fcmError(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH');
    const body = jsonOf(request);
    const message = body?.message as Record<string, unknown> | undefined;
    const invalid = (why: string) => fcmError(400, 'INVALID_ARGUMENT', why, 'INVALID_ARGUMENT');
    if (!message || typeof message !== 'object') return invalid('Request contains an invalid argument.');
    const targets = ['token', 'topic', 'condition'].filter((target) => typeof message[target] === 'string');
    if (targets.length !== 1) return invalid('Exactly one of token, topic or condition must be specified.');
    const data = message.data;
    if (
      data !== undefined &&
      (typeof data !== 'object' || !Object.values(data as object).every((v) => typeof v === 'string'))
    )
      return invalid('Invalid value at message.data: values must be strings.');
    const notification = message.notification as Record<string, unknown> | undefined;
    if (notification && (typeof notification.title !== 'string' || typeof notification.body !== 'string'))
      return invalid('Invalid value at message.notification.');
    const name = `projects/${this.project.projectId}/messages/${body?.validate_only === true ? 'fake_message_id' : randomBytes(8).toString('hex')}`;
    if (body?.validate_only === true) return { status: 200, json: { name } };
    if (typeof message.token === 'string' && this.unregistered.has(message.token))
      return fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    const failure = this.http.takeFailure();
    if (failure) return failure;
    this.sent.push({ name, message });
    return { status: 200, json: { name } };
  }
}
