import { randomBytes } from 'node:crypto';
import { HttpPeer, bearerOf, jsonOf, type PeerAnswer, type PeerRequest } from './http-peer.ts';

export interface LinePushedMessage {
  to: string;
  messages: unknown[];
  retryKey: string | undefined;
  requestId: string;
}

const USER_ID = /^U[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LINE's error body: `{message, details?: [{message, property}]}`. */
export function lineError(
  status: number,
  message: string,
  details?: Array<{ message: string; property: string }>,
) {
  return { status, json: details ? { message, details } : { message } };
}

/**
 * The LINE Messaging API's push on loopback: `POST /v2/bot/message/push` with a Bearer channel access token and
 * `{to, messages}` (a `U…` user id; one to five messages, text or image). `X-Line-Retry-Key`, when given, must
 * be a UUID; a key accepted before is answered 409 with `x-line-accepted-request-id`, and nothing is sent again.
 * Answers 200 `{sentMessages: [{id, quoteToken}]}` with `x-line-request-id`; a wrong token 401.
 */
export class LinePeer {
  readonly pushed: LinePushedMessage[] = [];
  readonly #accepted = new Map<string, string>();
  private constructor(
    readonly http: HttpPeer,
    private readonly channelAccessToken: string,
  ) {}

  static async start(channelAccessToken: string): Promise<LinePeer> {
    const http = await HttpPeer.start();
    const peer = new LinePeer(http, channelAccessToken);
    http.serve((request) => peer.answer(request));
    return peer;
  }

  get url(): string {
    return this.http.url;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private answer(request: PeerRequest): PeerAnswer {
    if (bearerOf(request) !== this.channelAccessToken)
      return lineError(
        401,
        'Authentication failed. Confirm that the access token in the authorization header is valid.',
      );
    if (request.method !== 'POST' || request.path !== '/v2/bot/message/push')
      return lineError(404, 'Not found');
    const retryKey = request.headers['x-line-retry-key'] as string | undefined;
    if (retryKey !== undefined && !UUID.test(retryKey))
      return lineError(400, "The value for the 'X-Line-Retry-Key' header is invalid");
    const accepted = retryKey ? this.#accepted.get(retryKey) : undefined;
    if (accepted)
      return {
        ...lineError(409, 'The retry key is already accepted'),
        headers: {
          'x-line-accepted-request-id': accepted,
          'x-line-request-id': randomBytes(16).toString('hex'),
        },
      };
    const body = jsonOf(request);
    if (!body) return lineError(400, 'The request body has 1 error(s)');
    if (typeof body.to !== 'string' || !USER_ID.test(body.to))
      return lineError(400, 'Failed to send messages', [
        { message: 'The property is invalid', property: 'to' },
      ]);
    const messages = body.messages;
    if (
      !Array.isArray(messages) ||
      messages.length < 1 ||
      messages.length > 5 ||
      !messages.every(validMessage)
    )
      return lineError(400, 'The request body has 1 error(s)', [
        { message: 'Invalid message', property: 'messages' },
      ]);
    const failure = this.http.takeFailure();
    if (failure) return failure;
    const requestId = randomBytes(16).toString('hex');
    if (retryKey) this.#accepted.set(retryKey, requestId);
    this.pushed.push({ to: body.to, messages, retryKey, requestId });
    return {
      status: 200,
      headers: { 'x-line-request-id': requestId },
      json: {
        sentMessages: messages.map(() => ({
          id: String(BigInt(`0x${randomBytes(7).toString('hex')}`)),
          quoteToken: randomBytes(12).toString('base64url'),
        })),
      },
    };
  }
}

function validMessage(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { type, text, originalContentUrl, previewImageUrl } = message as Record<string, unknown>;
  if (type === 'text') return typeof text === 'string' && text.length > 0 && text.length <= 5000;
  if (type === 'image')
    return [originalContentUrl, previewImageUrl].every(
      (url) => typeof url === 'string' && url.startsWith('https://') && url.length <= 2000,
    );
  return false;
}
