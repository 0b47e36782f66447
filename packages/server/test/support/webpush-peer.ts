import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import { HttpPeer, type PeerAnswer, type PeerRequest } from './http-peer.ts';

/** A subscription as a browser's PushManager hands it to a site. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface WebPushDelivered {
  subscriptionId: string;
  /** The payload decrypted with the subscription's private key, as the browser would read it. */
  payload: string;
  ttl: number;
  /** The VAPID JWT's claims. */
  claims: Record<string, unknown>;
}

interface HeldSubscription {
  /** The VAPID public key the subscription is bound to (the site's applicationServerKey). */
  applicationServerKey: string;
  ecdh: ECDH;
  auth: Buffer;
  expired: boolean;
}

const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * A Web Push service (RFC 8030) on loopback, standing in for the browser too: `subscribe` makes a subscription
 * bound to a VAPID public key, with a P-256 key pair and auth secret the peer keeps, so it can decrypt what is
 * pushed. `POST /push/{id}` checks, as a push service does, `TTL`, `Content-Encoding: aes128gcm` and the VAPID
 * `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: k is the subscription's key, the JWT is ES256-signed by
 * it, its `aud` is this origin, `exp` at most 24 hours ahead, `sub` a mailto: or https: contact), then decrypts
 * the body (RFC 8291) and answers 201 with `Location`. An expired subscription answers 410; a refused VAPID
 * header 401 or 403; a body that does not decrypt 400.
 */
export class WebPushPeer {
  readonly delivered: WebPushDelivered[] = [];
  readonly #subscriptions = new Map<string, HeldSubscription>();
  private constructor(readonly http: HttpPeer) {}

  static async start(): Promise<WebPushPeer> {
    const http = await HttpPeer.start();
    const peer = new WebPushPeer(http);
    http.serve((request) => peer.answer(request));
    return peer;
  }

  get url(): string {
    return this.http.url;
  }

  subscribe(applicationServerKey: string): WebPushSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.#subscriptions.set(id, { applicationServerKey, ecdh, auth, expired: false });
    return {
      endpoint: `${this.url}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** The browser unsubscribed: later pushes answer 410 Gone. */
  expire(subscription: WebPushSubscription): void {
    const held = this.#subscriptions.get(subscription.endpoint.split('/').pop() ?? '');
    if (held) held.expired = true;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private async answer(request: PeerRequest): Promise<PeerAnswer> {
    const match = /^\/push\/([0-9a-f-]+)$/.exec(request.path);
    const id = match?.[1] ?? '';
    const held = this.#subscriptions.get(id);
    if (request.method !== 'POST' || !held) return { status: 404, text: 'No such subscription' };
    if (held.expired) return { status: 410, text: 'push subscription has unsubscribed or expired.' };
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return { status: 400, text: 'Missing TTL header' };
    if (request.headers['content-encoding'] !== 'aes128gcm')
      return { status: 415, text: 'Unsupported Content-Encoding' };
    const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    if (!vapid) return { status: 401, text: 'Missing or malformed VAPID Authorization header' };
    const [, token = '', key = ''] = vapid;
    if (key !== held.applicationServerKey)
      return { status: 403, text: 'The VAPID key is not the one the subscription was made with' };
    let claims: Record<string, unknown>;
    try {
      claims = await verifyVapid(token, key, this.url);
    } catch (error) {
      return { status: 401, text: `Invalid VAPID JWT: ${(error as Error).message}` };
    }
    let payload: string;
    try {
      payload = decryptAes128gcm(request.body, held.ecdh, held.auth);
    } catch (error) {
      return { status: 400, text: `The payload does not decrypt: ${(error as Error).message}` };
    }
    const failure = this.http.takeFailure();
    if (failure) return failure;
    this.delivered.push({ subscriptionId: id, payload, ttl, claims });
    return { status: 201, headers: { location: `${this.url}/message/${randomUUID()}` } };
  }
}

async function verifyVapid(token: string, key: string, origin: string): Promise<Record<string, unknown>> {
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], audience: origin });
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp > now + MAX_VAPID_LIFETIME_SECONDS)
    throw new Error('exp is missing or more than 24 hours ahead');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('sub is not a mailto: or https: contact');
  return payload as Record<string, unknown>;
}

/** RFC 8291 with RFC 8188's aes128gcm framing, one record, as the user agent decrypts a push message. */
function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  if (salt.length !== 16 || serverPublicKey.length !== 65) throw new Error('malformed header');
  const shared = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const contentKey = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
