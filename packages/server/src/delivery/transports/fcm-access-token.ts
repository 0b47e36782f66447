import { createHash, createPrivateKey } from 'node:crypto';
import type { ServiceAccountKey } from '@herald/protocol';
import { SignJWT } from 'jose';
import { SendError } from '../messenger.ts';
import { field, isSuccess, providerRequest, transientStatus } from './provider-request.ts';

/** What an FCM send may do with the token: the scope Firebase Admin SDK asks for. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** How long the signed assertion is good for: Google takes at most an hour. */
const ASSERTION_SECONDS = 3600;
/** A cached token is minted again this long before it expires, so no send carries one that lapses on the way. */
const EXPIRY_MARGIN_MS = 60_000;

/** A push credential's service account, and what its cached token is filed under. */
export interface FcmServiceAccount {
  key: ServiceAccountKey;
  /** The credential and this very key: a key replaced in the vault never reuses the old key's token. */
  cacheKey: string;
}

export interface MintedToken {
  accessToken: string;
  expiresAt: number;
}

interface CacheEntry {
  token?: MintedToken;
  /** A mint under way: the sends that need a token meanwhile wait for it rather than mint their own. */
  minting?: Promise<MintedToken>;
}

/**
 * Tokens by service account, in this process's memory only: a token is worth an hour at most, and each process
 * minting its own costs one request an hour, so none is written anywhere.
 */
const cache = new Map<string, CacheEntry>();

/** The cache key of a credential's key: its id and a digest of the key's text. */
export function serviceAccountCacheKey(credentialId: number, keyText: string): string {
  return `${credentialId}:${createHash('sha256').update(keyText).digest('base64url')}`;
}

/** The access token to send with: the cached one while it is good, else a fresh one (one mint at a time). */
export async function fcmAccessToken(account: FcmServiceAccount, signal: AbortSignal): Promise<string> {
  let entry = cache.get(account.cacheKey);
  if (!entry) {
    entry = {};
    cache.set(account.cacheKey, entry);
  }
  if (entry.token && entry.token.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return entry.token.accessToken;
  const pending = entry.minting;
  if (pending) return (await pending).accessToken;
  const own = entry;
  const minting = mintFcmAccessToken(account.key, signal);
  own.minting = minting;
  try {
    own.token = await minting;
    return own.token.accessToken;
  } finally {
    if (own.minting === minting) own.minting = undefined;
  }
}

/**
 * FCM refused this token (401): it is dropped, so the next call mints anew. Only this very token is dropped; one
 * that another send minted meanwhile stays.
 */
export function forgetFcmAccessToken(account: FcmServiceAccount, accessToken: string): void {
  const entry = cache.get(account.cacheKey);
  if (entry?.token?.accessToken === accessToken) entry.token = undefined;
}

/**
 * Mints an access token as Google's client libraries do (RFC 7523): a JWT signed RS256 with the service
 * account's private key, `iss` and `sub` its e-mail, `aud` its token_uri, the FCM scope, good for an hour,
 * POSTed form-encoded to token_uri as a jwt-bearer grant. The answer is `{access_token, expires_in,
 * token_type}`. A refusal (400 invalid_grant: a key deleted or disabled, a clock far off) is the credential's
 * problem and fails for good; no answer, 429 or 5xx pass.
 */
export async function mintFcmAccessToken(key: ServiceAccountKey, signal: AbortSignal): Promise<MintedToken> {
  const issuedAt = Math.floor(Date.now() / 1000);
  let assertion: string;
  try {
    assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(key.private_key_id ? { kid: key.private_key_id } : {}),
      })
      .setIssuer(key.client_email)
      .setSubject(key.client_email)
      .setAudience(key.token_uri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_SECONDS)
      .sign(createPrivateKey(key.private_key));
  } catch (error) {
    // The vault checked the key on save; one that still does not sign cannot start to.
    throw new SendError("The push credential's service account key cannot sign a token", {
      permanent: true,
      code: 'credential',
      cause: error,
    });
  }
  const answer = await providerRequest(
    key.token_uri,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
    },
    signal,
  );
  if (isSuccess(answer.status)) {
    const accessToken = field(answer.json, 'access_token');
    const expiresIn = field(answer.json, 'expires_in');
    if (typeof accessToken === 'string' && accessToken && typeof expiresIn === 'number')
      return { accessToken, expiresAt: Date.now() + expiresIn * 1000 };
    throw new SendError('The token endpoint of the push credential answered without an access token', {
      permanent: false,
      code: `${answer.status} token`,
    });
  }
  const error = field(answer.json, 'error');
  const description = field(answer.json, 'error_description');
  const named = typeof error === 'string' ? error : 'token';
  const words = typeof description === 'string' ? ` (${description})` : '';
  if (transientStatus(answer.status))
    throw new SendError(`The token endpoint of the push credential answered ${answer.status}${words}`, {
      permanent: false,
      code: `${answer.status} ${named}`,
    });
  throw new SendError(
    `The token endpoint refused the push credential's service account key: ${named}${words}. Check the key under Settings › Credentials.`,
    { permanent: true, code: `${answer.status} ${named}` },
  );
}
