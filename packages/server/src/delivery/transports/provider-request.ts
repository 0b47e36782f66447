import { SendError } from '../messenger.ts';

/** A provider that does not answer within this long fails the send; the engine retries it later. */
export const SEND_TIMEOUT_MS = 15_000;
/** The most of a provider's answer read: its ids and error object, never a whole page. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A provider's answer: its status and the body read as JSON (undefined when it was not JSON). */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

/**
 * One HTTP request to a provider's API. A redirect is not followed (the credential goes to the base URL an
 * administrator set, nowhere else), the send is bounded by SEND_TIMEOUT_MS and by the engine's signal, and a
 * request that never got an answer (refused, reset, timed out) is a transient SendError: the message may or
 * may not have left, and the provider's own idempotency (LINE's retry key) or the engine's ledger decides.
 */
export async function providerRequest(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string | Uint8Array },
  signal: AbortSignal,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...init.headers },
      // A copy on an ArrayBuffer of its own: what fetch's body type takes under every lib (DOM's included).
      body:
        typeof init.body === 'string' || init.body === undefined
          ? init.body
          : new Uint8Array(init.body).buffer,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
    });
  } catch (error) {
    throw new SendError(`The provider could not be reached: ${describe(error)}`, {
      permanent: false,
      cause: error,
    });
  }
  const text = await readLimited(response);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Whether an HTTP status says trying again later may help: throttled, or the provider's own trouble. */
export function transientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A field of a JSON answer, when the answer is an object. */
export function field(json: unknown, name: string): unknown {
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_ANSWER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (error) {
    throw new SendError(`The provider's answer broke off: ${describe(error)}`, {
      permanent: false,
      cause: error,
    });
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'it did not answer in time';
    if (error.name === 'AbortError') return 'the send was stopped';
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
