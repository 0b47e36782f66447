import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { fromMailboxBase32, toMailboxBase32 } from './mailbox-base32.ts';

/** What a tracking link does; each has its own path, and a token is honoured only on its own kind's path. */
export const TRACKING_KINDS = ['open', 'click', 'unsubscribe', 'view', 'preferences'] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

/** The path segment of each kind: `/t/o/{token}`, `/t/c/{token}`, … */
export const TRACKING_PATHS: Readonly<Record<TrackingKind, string>> = {
  open: 'o',
  click: 'c',
  unsubscribe: 'u',
  view: 'v',
  preferences: 'p',
};

/** What a token says. A click names its link by the run's link index, or carries the address itself. */
export interface TrackingPayload {
  /** The delivery row's id (a bigint, as text). */
  deliveryId: string;
  kind: TrackingKind;
  linkIndex?: number | undefined;
  /** A link whose address differs from the run's link at that index (personalized): signed into the token. */
  url?: string | undefined;
}

const VERSION = 1;
/** 128 bits of HMAC-SHA256: forging one still takes 2^128 tries, and the links stay short. */
const MAC_BYTES = 16;
const HAS_LINK_INDEX = 0x10;
const HAS_URL = 0x20;
/** Longest token read: a click token with an address a mail client would still follow. */
const MAX_TOKEN_LENGTH = 4096;
/** The largest delivery id PostgreSQL's bigint holds. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * The local part of the List-Unsubscribe mailto is `unsubscribe+{token}`: the same signed bytes as the https
 * link's unsubscribe token, spelled in base32 (mailbox-base32.ts). At most 1 + 1 + 9 (a bigint in LEB128) + 16
 * bytes, so at most 44 letters and a local part of at most 56 characters, within RFC 5321's 64. A shorter MAC
 * was not needed, so the mailto is as hard to forge as the link.
 */
export const MAILTO_UNSUBSCRIBE_PREFIX = 'unsubscribe+';

/**
 * Signs and reads the tokens of tracking links (PROTOCOL §9: never bare ids; docs/architecture.md § Tracking). A
 * token is base64url of `version, kind+flags, deliveryId (LEB128), [linkIndex (LEB128)], [url (UTF-8)]` followed
 * by the first 16 bytes of its HMAC-SHA256. The key is derived from the server's JWT secret with HKDF under a
 * label of its own, so it signs nothing else and nothing else's signature passes here. Rotating HERALD_JWT_SECRET
 * therefore also retires the tracking links of mail already sent (they answer 404).
 */
export class TrackingTokens {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'herald tracking tokens v1', 32));
  }

  issue(payload: TrackingPayload): string {
    return this.#signed(payload).toString('base64url');
  }

  /** The local part of the mailto that unsubscribes from a delivery (RFC 2369), at most 56 characters. */
  unsubscribeMailbox(deliveryId: string): string {
    return `${MAILTO_UNSUBSCRIBE_PREFIX}${toMailboxBase32(this.#signed({ deliveryId, kind: 'unsubscribe' }))}`;
  }

  /**
   * The unsubscribe payload of a local part unsubscribeMailbox made (in any case), or undefined for any other
   * local part, forged or altered: never throws.
   */
  readUnsubscribeMailbox(localPart: string): TrackingPayload | undefined {
    if (localPart.length > 64 || !localPart.toLowerCase().startsWith(MAILTO_UNSUBSCRIBE_PREFIX))
      return undefined;
    const bytes = fromMailboxBase32(localPart.slice(MAILTO_UNSUBSCRIBE_PREFIX.length));
    const payload = bytes ? this.#readSigned(bytes) : undefined;
    return payload?.kind === 'unsubscribe' ? payload : undefined;
  }

  #signed(payload: TrackingPayload): Buffer {
    const kindCode = TRACKING_KINDS.indexOf(payload.kind);
    if (kindCode < 0) throw new Error(`Unknown tracking kind ${payload.kind}`);
    if (!/^\d{1,19}$/.test(payload.deliveryId)) throw new Error('A delivery id is a positive integer');
    const parts: Buffer[] = [];
    let flags = kindCode;
    if (payload.linkIndex !== undefined) flags |= HAS_LINK_INDEX;
    if (payload.url !== undefined) flags |= HAS_URL;
    parts.push(Buffer.from([VERSION, flags]), leb128(BigInt(payload.deliveryId)));
    if (payload.linkIndex !== undefined) parts.push(leb128(BigInt(payload.linkIndex)));
    if (payload.url !== undefined) parts.push(Buffer.from(payload.url, 'utf8'));
    const body = Buffer.concat(parts);
    return Buffer.concat([body, this.#mac(body)]);
  }

  /** The token's payload, or undefined for anything not signed here exactly as it is: never throws. */
  read(token: string): TrackingPayload | undefined {
    if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    // Base64url's last character can carry unused bits: only the one spelling of these bytes is accepted.
    if (bytes.toString('base64url') !== token) return undefined;
    return this.#readSigned(bytes);
  }

  #readSigned(bytes: Buffer): TrackingPayload | undefined {
    if (bytes.length < 3 + MAC_BYTES) return undefined;
    const body = bytes.subarray(0, bytes.length - MAC_BYTES);
    if (!timingSafeEqual(bytes.subarray(bytes.length - MAC_BYTES), this.#mac(body))) return undefined;
    if (body[0] !== VERSION) return undefined;
    const flags = body[1]!;
    const kind = TRACKING_KINDS[flags & 0x0f];
    if (!kind) return undefined;
    const reader = { bytes: body, at: 2 };
    const deliveryId = readLeb128(reader);
    if (deliveryId === undefined || deliveryId > MAX_BIGINT) return undefined;
    const payload: TrackingPayload = { deliveryId: deliveryId.toString(), kind };
    if (flags & HAS_LINK_INDEX) {
      const index = readLeb128(reader);
      if (index === undefined || index > 1_000_000n) return undefined;
      payload.linkIndex = Number(index);
    }
    if (flags & HAS_URL) payload.url = body.subarray(reader.at).toString('utf8');
    else if (reader.at !== body.length) return undefined;
    return payload;
  }

  /** The click tokens of a message's links, by index: the engine's rewrite of `<a href>` (add-tracking.ts). */
  linkTokensFor(deliveryId: string, links: readonly string[]): string[] {
    return links.map((_url, linkIndex) => this.issue({ deliveryId, kind: 'click', linkIndex }));
  }

  /** The full tracking URL of a payload on a base (the public URL or a tracking domain). */
  urlFor(base: string, payload: TrackingPayload): string {
    return trackingUrl(base, payload.kind, this.issue(payload));
  }

  #mac(body: Buffer): Buffer {
    return createHmac('sha256', this.#key).update(body).digest().subarray(0, MAC_BYTES);
  }
}

/**
 * `{base}/t/{kind}/{token}`. The base is the public URL (`https://herald.example.com`) or a verified tracking
 * domain, which may be given bare (`links.example.com`: https is assumed).
 */
export function trackingUrl(base: string, kind: TrackingKind, token: string): string {
  const origin = /^https?:\/\//i.test(base) ? base : `https://${base}`;
  return `${origin.replace(/\/+$/, '')}${trackingPath(kind, token)}`;
}

/** `/t/{kind}/{token}`, for links that stay on the host the reader came to. */
export function trackingPath(kind: TrackingKind, token: string): string {
  return `/t/${TRACKING_PATHS[kind]}/${token}`;
}

function leb128(value: bigint): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return Buffer.from(bytes);
}

function readLeb128(reader: { bytes: Buffer; at: number }): bigint | undefined {
  let value = 0n;
  for (let shift = 0n; shift < 70n; shift += 7n) {
    const byte = reader.bytes[reader.at++];
    if (byte === undefined) return undefined;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return value;
  }
  return undefined;
}
