import { createRequire } from 'node:module';

/**
 * web-push (3.6), loaded with require: the package ships no types and only it was added (not @types/web-push),
 * and a declaration file would not reach the other programs that compile the server's sources (browser-tests
 * through @herald/server/testing). The part Herald uses is typed here as the package's README documents it.
 */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface WebPushRequestOptions {
  vapidDetails?: { subject: string; publicKey: string; privateKey: string };
  TTL?: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  topic?: string;
  contentEncoding?: 'aes128gcm' | 'aesgcm';
  headers?: Record<string, string>;
}

export interface WebPushRequestDetails {
  method: 'POST';
  headers: Record<string, string | number>;
  body: Buffer | null;
  endpoint: string;
}

export interface WebPushLibrary {
  /** A P-256 key pair, both halves URL-safe base64 (the public key uncompressed, 65 bytes). */
  generateVAPIDKeys(): { publicKey: string; privateKey: string };
  /** The encrypted (RFC 8291) and VAPID-signed (RFC 8292) request, without sending it. */
  generateRequestDetails(
    subscription: WebPushSubscription,
    payload?: string | Buffer | null,
    options?: WebPushRequestOptions,
  ): WebPushRequestDetails;
}

let library: WebPushLibrary | undefined;

/** web-push, required at its first use rather than as the server starts (lazy-module.ts says why). */
export function webPush(): WebPushLibrary {
  library ??= createRequire(import.meta.url)('web-push') as WebPushLibrary;
  return library;
}
