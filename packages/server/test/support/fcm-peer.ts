import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { HttpPeer, bearerOf, jsonOf, type PeerAnswer, type PeerRequest } from './http-peer.ts';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A service account's key file, as Google Cloud hands it out. */
export interface ServiceAccountKeyFile {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

/** One request to the token endpoint, and what it was answered. */
export interface TokenRequest {
  clientEmail: string | undefined;
  issued: string | undefined;
  error: string | undefined;
}

/** Google's OAuth error body (`{error, error_description}`), as its token endpoint answers. */
export function oauthError(status: number, error: string, description: string): PeerAnswer {
  return { status, json: { error, error_description: description } };
}

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
  readonly tokenRequests: TokenRequest[] = [];
  /** The `expires_in` of the tokens issued from now on (Google's is 3599). */
  tokenLifetimeSeconds = 3599;
  readonly #accounts = new Map<string, { publicKey: KeyObject; keyId: string; disabled: boolean }>();
  readonly #issued = new Set<string>();
  readonly #tokenFailures: PeerAnswer[] = [];
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

  /** The token endpoint Google's service account keys name, here: `POST {url}/token`. */
  get tokenUri(): string {
    return `${this.url}/token`;
  }

  /**
   * A new service account of the project with its key: the peer keeps only the public half, which the token
   * endpoint verifies the signed assertion with.
   */
  serviceAccount(name = 'herald-sender'): ServiceAccountKeyFile {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyId = randomBytes(20).toString('hex');
    const clientEmail = `${name}@${this.project.projectId}.iam.gserviceaccount.com`;
    this.#accounts.set(clientEmail, { publicKey, keyId, disabled: false });
    return {
      type: 'service_account',
      project_id: this.project.projectId,
      private_key_id: keyId,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: String(100_000_000_000 + this.#accounts.size),
      token_uri: this.tokenUri,
    };
  }

  /** The service account's key is disabled or deleted: its assertions are refused with invalid_grant. */
  disableServiceAccount(clientEmail: string): void {
    const account = this.#accounts.get(clientEmail);
    if (account) account.disabled = true;
  }

  /** Every token issued so far stops being accepted, as when Google revokes them. */
  revokeIssuedTokens(): void {
    this.#issued.clear();
  }

  /** The next token requests whose assertion verifies are answered with these, in order. */
  failNextToken(...answers: PeerAnswer[]): void {
    this.#tokenFailures.push(...answers);
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private async answer(request: PeerRequest): Promise<PeerAnswer> {
    if (request.method === 'POST' && request.path === '/token') return this.token(request);
    const bearer = bearerOf(request);
    if (bearer !== this.project.accessToken && !(bearer !== undefined && this.#issued.has(bearer)))
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

  /**
   * Google's token endpoint for the jwt-bearer grant (RFC 7523): a form with `grant_type` and `assertion`, a JWT
   * signed RS256 by a service account of this peer (`kid` its key id) with `iss` = `sub` = its e-mail, `aud`
   * this endpoint, the FCM scope, and `exp` no more than an hour after `iat`. The signature is verified with
   * the account's public key before anything is issued; the answer is `{access_token, expires_in, token_type}`.
   */
  private async token(request: PeerRequest): Promise<PeerAnswer> {
    const record: TokenRequest = { clientEmail: undefined, issued: undefined, error: undefined };
    this.tokenRequests.push(record);
    const refuse = (answer: PeerAnswer) => {
      record.error = String((answer.json as { error?: unknown } | undefined)?.error);
      return answer;
    };
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return refuse(oauthError(400, 'invalid_request', 'Bad Request'));
    const form = new URLSearchParams(request.text);
    if (form.get('grant_type') !== JWT_BEARER)
      return refuse(
        oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`),
      );
    const assertion = form.get('assertion') ?? '';
    let claims: ReturnType<typeof decodeJwt>;
    let keyId: string | undefined;
    try {
      claims = decodeJwt(assertion);
      keyId = decodeProtectedHeader(assertion).kid;
    } catch {
      return refuse(oauthError(400, 'invalid_request', 'Invalid JWT: the assertion does not decode.'));
    }
    record.clientEmail = claims.iss;
    const account = claims.iss === undefined ? undefined : this.#accounts.get(claims.iss);
    if (!account || account.disabled)
      return refuse(oauthError(400, 'invalid_grant', 'Invalid grant: account not found'));
    try {
      await jwtVerify(assertion, account.publicKey, {
        algorithms: ['RS256'],
        issuer: claims.iss,
        subject: claims.iss,
        audience: this.tokenUri,
        requiredClaims: ['iat', 'exp'],
      });
    } catch {
      return refuse(oauthError(400, 'invalid_grant', 'Invalid JWT Signature.'));
    }
    if (keyId !== account.keyId) return refuse(oauthError(400, 'invalid_grant', 'Invalid JWT Signature.'));
    if ((claims.exp ?? 0) - (claims.iat ?? 0) > 3600)
      return refuse(
        oauthError(
          400,
          'invalid_grant',
          'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
        ),
      );
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(FCM_SCOPE))
      return refuse(oauthError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.'));
    const failure = this.#tokenFailures.shift();
    if (failure) return refuse(failure);
    const accessToken = `ya29.${randomBytes(32).toString('base64url')}`;
    this.#issued.add(accessToken);
    record.issued = accessToken;
    return {
      status: 200,
      json: { access_token: accessToken, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer' },
    };
  }
}
