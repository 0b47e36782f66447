import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed with the account's auth token,
 * over the full URL Twilio called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let signed = url;
  for (const name of names) for (const value of params.getAll(name)) signed += name + value;
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

export function isTwilioSignatureValid(
  authToken: string,
  url: string,
  params: URLSearchParams,
  given: string | undefined,
): boolean {
  return given !== undefined && sameText(twilioSignature(authToken, url, params), given);
}

/** Meta's webhook signature (X-Hub-Signature-256): `sha256=` and the hex HMAC-SHA256 of the raw body. */
export function whatsAppSignature(appSecret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export function isWhatsAppSignatureValid(
  appSecret: string,
  body: Buffer,
  given: string | undefined,
): boolean {
  return given !== undefined && sameText(whatsAppSignature(appSecret, body), given.trim().toLowerCase());
}

/** Compared in constant time, so the answer's timing says nothing of how much of a forgery was right. */
function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
