import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a provider's peer received it. */
export interface PeerRequest {
  method: string;
  /** The path with its query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** What a peer answers: a status, a JSON body (or raw text) and headers. */
export interface PeerAnswer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/**
 * The loopback HTTP server under each provider's peer (twilio-peer.ts, whatsapp-peer.ts…): it records every
 * request, hands it to the provider's handler (which checks authentication and shape as the provider
 * documents), and answers. `failNext` queues answers for the next requests that pass the handler's checks, so a
 * test makes the provider fail a well-formed, authenticated send (a number it refuses, its own outage).
 */
export class HttpPeer {
  readonly requests: PeerRequest[] = [];
  readonly #failures: PeerAnswer[] = [];
  readonly #server: Server;
  #handler: (request: PeerRequest) => PeerAnswer | Promise<PeerAnswer> = () => ({ status: 503 });

  private constructor() {
    this.#server = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        const request: PeerRequest = {
          method: incoming.method ?? '',
          path: incoming.url ?? '',
          headers: incoming.headers,
          body,
          text: body.toString('utf8'),
        };
        this.requests.push(request);
        void Promise.resolve()
          .then(() => this.#handler(request))
          .catch((error: unknown): PeerAnswer => ({ status: 500, text: String(error) }))
          .then((answer) => {
            for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
            response.statusCode = answer.status;
            if (answer.json !== undefined) {
              response.setHeader('content-type', 'application/json');
              response.end(JSON.stringify(answer.json));
            } else response.end(answer.text ?? '');
          });
      });
    });
  }

  static async start(): Promise<HttpPeer> {
    const peer = new HttpPeer();
    await new Promise<void>((resolve, reject) => {
      peer.#server.once('error', reject);
      peer.#server.listen(0, '127.0.0.1', () => resolve());
    });
    return peer;
  }

  /** The provider's handler: it checks a request and answers it. */
  serve(handler: (request: PeerRequest) => PeerAnswer | Promise<PeerAnswer>): void {
    this.#handler = handler;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The next well-formed, authenticated requests are answered with these, in order. */
  failNext(...answers: PeerAnswer[]): void {
    this.#failures.push(...answers);
  }

  /** For a handler whose checks passed: the queued failure, if any. */
  takeFailure(): PeerAnswer | undefined {
    return this.#failures.shift();
  }

  stop(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** The Bearer token of a request, or undefined. */
export function bearerOf(request: PeerRequest): string | undefined {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The request's JSON body, or undefined when it is not JSON. */
export function jsonOf(request: PeerRequest): Record<string, unknown> | undefined {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    const value: unknown = JSON.parse(request.text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
