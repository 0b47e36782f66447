import { randomBytes } from 'node:crypto';
import { HttpPeer, type PeerAnswer, type PeerRequest } from './http-peer.ts';

export interface TwilioAccountLogin {
  sid: string;
  authToken: string;
}

export interface TwilioSentMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
}

const E164 = /^\+[1-9]\d{1,14}$/;

/** Twilio's error body: `{code, message, more_info, status}`. */
export function twilioError(status: number, code: number, message: string): PeerAnswer {
  return {
    status,
    json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

/**
 * A Twilio-compatible Messages API on loopback: `POST /2010-04-01/Accounts/{sid}/Messages.json`, Basic auth
 * with the account SID and auth token, a form-encoded `To` (E.164), `From`, `Body` (at most 1,600 characters)
 * and an optional `StatusCallback` URL. Answers 201 with the message (its `SM…` sid), or Twilio's errors:
 * 401/20003 for a refused login, 404/20404 for another account's path, 400 with 21211, 21602, 21603, 21609 or
 * 21617 for a refused message.
 */
export class TwilioPeer {
  readonly messages: TwilioSentMessage[] = [];
  private constructor(
    readonly http: HttpPeer,
    private readonly login: TwilioAccountLogin,
  ) {}

  static async start(login: TwilioAccountLogin): Promise<TwilioPeer> {
    const http = await HttpPeer.start();
    const peer = new TwilioPeer(http, login);
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
    const basic = `Basic ${Buffer.from(`${this.login.sid}:${this.login.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== basic) return twilioError(401, 20003, 'Authenticate');
    const path = `/2010-04-01/Accounts/${this.login.sid}/Messages.json`;
    if (request.method !== 'POST' || request.path !== path)
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return twilioError(400, 21602, 'Message body is required.');
    const form = new URLSearchParams(request.text);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    const statusCallback = form.get('StatusCallback') ?? undefined;
    if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    if (body.length > 1600)
      return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (statusCallback !== undefined && !URL.canParse(statusCallback))
      return twilioError(400, 21609, 'Invalid StatusCallback');
    const failure = this.http.takeFailure();
    if (failure) return failure;
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.messages.push({ sid, to, from, body, statusCallback });
    return {
      status: 201,
      json: { sid, account_sid: this.login.sid, to, from, body, status: 'queued', num_segments: '1' },
    };
  }
}
