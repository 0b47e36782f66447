/**
 * The part of web-push (3.6) Herald uses. The package ships no types and only `web-push` was added, so its
 * functions are declared here as its README documents them.
 */
declare module 'web-push' {
  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface VapidDetails {
    subject: string;
    publicKey: string;
    privateKey: string;
  }
  export interface RequestOptions {
    vapidDetails?: VapidDetails;
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    headers?: Record<string, string>;
  }
  export interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string };
  export function generateRequestDetails(
    subscription: PushSubscription,
    payload?: string | Buffer | null,
    options?: RequestOptions,
  ): RequestDetails;
  const webPush: {
    generateVAPIDKeys: typeof generateVAPIDKeys;
    generateRequestDetails: typeof generateRequestDetails;
  };
  export default webPush;
}
