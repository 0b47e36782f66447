/**
 * A Google service account's key file (the JSON Google Cloud hands out), as a push credential holds it to mint
 * FCM access tokens. Read here, in the contract, so the browser and the server refuse the same files with the
 * same words; the server also reads the private key with node:crypto. No message repeats what it refused.
 */
export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  client_email: string;
  /** PKCS #8 PEM, as Google writes it. */
  private_key: string;
  /** Google's id of the key; signed tokens name it (`kid`), and its end is what the console shows. */
  private_key_id?: string;
  /** Where tokens are minted (Google's is https://oauth2.googleapis.com/token). */
  token_uri: string;
}

/** The members a key must have to mint a token. */
export const SERVICE_ACCOUNT_KEY_MEMBERS = [
  'project_id',
  'client_email',
  'private_key',
  'token_uri',
] as const;

const PEM_PRIVATE_KEY = /^-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+-----END (?:RSA )?PRIVATE KEY-----\s*$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or plain http on loopback only (a local test peer), as a provider's base URL. */
function isTokenUri(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** The key read from its JSON text, or why it is refused. */
export function readServiceAccountKey(text: string): { key: ServiceAccountKey } | { issue: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { issue: 'The service account key is not JSON: paste the key file as Google Cloud gave it' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { issue: 'The service account key is not a JSON object' };
  const key = parsed as Record<string, unknown>;
  if (key.type !== 'service_account')
    return { issue: 'Not a service account key: its "type" is not "service_account"' };
  const missing = SERVICE_ACCOUNT_KEY_MEMBERS.filter(
    (member) => typeof key[member] !== 'string' || (key[member] as string).trim() === '',
  );
  if (missing.length > 0) return { issue: `The service account key lacks ${missing.join(', ')}` };
  if (!PEM_PRIVATE_KEY.test((key.private_key as string).trim()))
    return { issue: 'The private_key of the service account key is not a PEM private key' };
  if (!isTokenUri(key.token_uri as string))
    return { issue: 'The token_uri of the service account key is not an https URL (http only on loopback)' };
  if (key.private_key_id !== undefined && typeof key.private_key_id !== 'string')
    return { issue: 'The private_key_id of the service account key is not text' };
  return { key: key as unknown as ServiceAccountKey };
}
