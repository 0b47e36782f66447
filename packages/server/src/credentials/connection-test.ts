import { HeraldError, credentialTypeOf, type CredentialTestResult } from '@herald/protocol';
import nodemailer from 'nodemailer';
import { mintFcmAccessToken } from '../delivery/transports/fcm-access-token.ts';
import { fcmProjectOf } from '../delivery/transports/fcm-project.ts';
import type { OpenedCredential } from './credential-store.ts';

/** A provider that does not answer within this long fails the test rather than holding the command. */
const TEST_TIMEOUT_MS = 10_000;
/** The most of a provider's answer read: enough for its error message, never a whole page. */
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_MESSAGE_LENGTH = 300;

/**
 * Tests a credential against its provider (docs/architecture.md § Providers): an SMTP login, or one HTTP call to
 * the provider's base URL that only an accepted credential answers with success. The provider's refusal is the
 * answer (`ok: false` with its words); no secret is ever part of what is answered.
 */
export async function testConnection(credential: OpenedCredential): Promise<CredentialTestResult> {
  const test = credentialTypeOf(credential.type).test;
  if (!test) throw new HeraldError('CredentialNotTestableError');
  if (test === 'smtp') return masked(await testSmtp(credential), credential.secrets);
  const minted =
    credential.secrets.serviceAccountKey === undefined ? undefined : await mintPushToken(credential);
  if (minted && 'failed' in minted) return masked(minted.failed, credential.secrets);
  const used = minted ? minted.credential : credential;
  return masked(await testHttp(providerRequest(used)), used.secrets);
}

function masked(
  result: CredentialTestResult,
  secrets: Readonly<Record<string, string>>,
): CredentialTestResult {
  return result.ok ? result : { ok: false, message: withoutSecrets(result.message, secrets) };
}

/**
 * A push credential with a service account key is proved as it will send: a token is minted from the key (not
 * the cached one: the test proves the key as it is now) and the FCM request made with it. The token endpoint's
 * refusal is the answer.
 */
async function mintPushToken(
  credential: OpenedCredential,
): Promise<{ credential: OpenedCredential } | { failed: CredentialTestResult }> {
  const project = fcmProjectOf(credential);
  if (project instanceof Error) return { failed: { ok: false, message: project.message } };
  if (!('serviceAccount' in project)) return { credential };
  try {
    const { accessToken } = await mintFcmAccessToken(
      project.serviceAccount.key,
      AbortSignal.timeout(TEST_TIMEOUT_MS),
    );
    return {
      credential: {
        ...credential,
        fields: { ...credential.fields, accountName: project.projectId },
        secrets: { ...credential.secrets, apiToken: accessToken },
      },
    };
  } catch (error) {
    return { failed: { ok: false, message: describe(error) } };
  }
}

async function testSmtp({ fields, secrets }: OpenedCredential): Promise<CredentialTestResult> {
  const port = Number(fields.port);
  const transport = nodemailer.createTransport({
    host: fields.host,
    port,
    // Port 465 speaks TLS from the start; the others upgrade with STARTTLS when the server offers it.
    secure: port === 465,
    auth: { user: fields.accountName ?? '', pass: secrets.password ?? '' },
    connectionTimeout: TEST_TIMEOUT_MS,
    greetingTimeout: TEST_TIMEOUT_MS,
    socketTimeout: TEST_TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return { ok: true, message: null };
  } catch (error) {
    return { ok: false, message: describe(error) };
  } finally {
    transport.close();
  }
}

interface ProviderRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** The one request per provider that proves its credential; see docs/architecture.md § Providers. */
function providerRequest({ type, fields, secrets }: OpenedCredential): ProviderRequest {
  const base = fields.baseUrl ?? '';
  const bearer = { authorization: `Bearer ${secrets.apiToken ?? ''}` };
  switch (type) {
    case 'twilio': {
      const basic = Buffer.from(`${fields.sid ?? ''}:${secrets.authToken ?? ''}`).toString('base64');
      return {
        url: `${base}/2010-04-01/Accounts/${encodeURIComponent(fields.sid ?? '')}.json`,
        method: 'GET',
        headers: { authorization: `Basic ${basic}` },
      };
    }
    case 'whatsapp':
      return {
        url: `${base}/${encodeURIComponent(fields.accountName ?? '')}?fields=id`,
        method: 'GET',
        headers: bearer,
      };
    case 'line':
      return { url: `${base}/v2/bot/info`, method: 'GET', headers: bearer };
    case 'push':
      return {
        url: `${base}/v1/projects/${encodeURIComponent(fields.accountName ?? '')}/messages:send`,
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        // validate_only: the provider checks the request and the credential, and sends nothing.
        body: JSON.stringify({
          validate_only: true,
          message: { topic: 'herald-connection-test', notification: { title: 'Herald', body: 'Test' } },
        }),
      };
    case 'displayad':
      // Listing the audiences needs the token and changes nothing.
      return { url: `${base}/audiences`, method: 'GET', headers: bearer };
    default:
      throw new HeraldError('CredentialNotTestableError');
  }
}

async function testHttp(request: ProviderRequest): Promise<CredentialTestResult> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      // A redirect is not followed: the credential goes to the base URL an administrator set, nowhere else.
      redirect: 'manual',
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { ok: true, message: null };
    }
    const text = await readLimited(response);
    return {
      ok: false,
      message: `${response.status} ${providerMessage(text) ?? response.statusText}`.trim(),
    };
  } catch (error) {
    return { ok: false, message: describe(error) };
  }
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_ANSWER_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES);
}

/** The error message in the providers' JSON answers: Twilio and LINE `message`, Graph and FCM `error.message`. */
function providerMessage(text: string): string | undefined {
  try {
    const answer = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } | string };
    if (typeof answer.message === 'string') return answer.message;
    if (typeof answer.error === 'object' && typeof answer.error.message === 'string')
      return answer.error.message;
    if (typeof answer.error === 'string') return answer.error;
  } catch {
    // Not JSON: the status line says enough.
  }
  return undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'The provider did not answer in time';
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** A provider's words may echo what it was sent; any secret in them is masked before they are answered. */
function withoutSecrets(message: string | null, secrets: Readonly<Record<string, string>>): string | null {
  if (message === null) return null;
  let safe = message;
  for (const secret of Object.values(secrets)) {
    if (secret.length >= 4) safe = safe.split(secret).join('••••');
  }
  return safe.slice(0, MAX_MESSAGE_LENGTH);
}
