import { randomUUID } from 'node:crypto';
import { HttpPeer, bearerOf, type PeerAnswer, type PeerRequest } from './http-peer.ts';

export interface AudienceUpload {
  id: string;
  audience: string;
  idempotencyKey: string;
  rows: Array<{ hashedEmail: string; hashedPhone: string }>;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * A display-ad network's audience API on loopback: `POST /audiences/{name}/uploads` with a Bearer token, an
 * `Idempotency-Key` and a `text/csv` body whose header is `hashed_email,hashed_phone` and whose cells are empty
 * or SHA-256 hex. Answers 201 `{id, audience, rows}`; the same idempotency key again answers the first upload
 * (200) and stores nothing more. `GET /audiences` (the connection test) answers 200 `{audiences}`. A wrong token
 * answers 401, a malformed file 400 `{error: {message}}`.
 */
export class DisplayAdPeer {
  readonly uploads: AudienceUpload[] = [];
  readonly #byKey = new Map<string, AudienceUpload>();
  private constructor(
    readonly http: HttpPeer,
    private readonly token: string,
  ) {}

  static async start(token: string): Promise<DisplayAdPeer> {
    const http = await HttpPeer.start();
    const peer = new DisplayAdPeer(http, token);
    http.serve((request) => peer.answer(request));
    return peer;
  }

  get url(): string {
    return this.http.url;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private answer(request: PeerRequest): PeerAnswer {
    if (bearerOf(request) !== this.token) return error(401, 'Invalid access token');
    if (request.method === 'GET' && request.path === '/audiences')
      return {
        status: 200,
        json: { audiences: [...new Set(this.uploads.map((upload) => upload.audience))] },
      };
    const match = /^\/audiences\/([^/?]+)\/uploads$/.exec(request.path);
    if (request.method !== 'POST' || !match) return error(404, 'Not found');
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0) return error(400, 'Idempotency-Key is required');
    const earlier = this.#byKey.get(key);
    if (earlier)
      return { status: 200, json: { id: earlier.id, audience: earlier.audience, rows: earlier.rows.length } };
    if (!(request.headers['content-type'] ?? '').startsWith('text/csv'))
      return error(415, 'Expected text/csv');
    const [header, ...lines] = request.text.split('\n').filter((line) => line.length > 0);
    if (header !== 'hashed_email,hashed_phone')
      return error(400, 'The header must be hashed_email,hashed_phone');
    const rows: AudienceUpload['rows'] = [];
    for (const line of lines) {
      const [hashedEmail = '', hashedPhone = '', extra] = line.split(',');
      const valid = (cell: string) => cell === '' || HEX_SHA256.test(cell);
      if (extra !== undefined || !valid(hashedEmail) || !valid(hashedPhone) || (!hashedEmail && !hashedPhone))
        return error(400, `Malformed row ${rows.length + 2}`);
      rows.push({ hashedEmail, hashedPhone });
    }
    const failure = this.http.takeFailure();
    if (failure) return failure;
    const upload: AudienceUpload = {
      id: `upl_${randomUUID()}`,
      audience: decodeURIComponent(match[1]!),
      idempotencyKey: key,
      rows,
    };
    this.uploads.push(upload);
    this.#byKey.set(key, upload);
    return { status: 201, json: { id: upload.id, audience: upload.audience, rows: rows.length } };
  }
}

function error(status: number, message: string): PeerAnswer {
  return { status, json: { error: { message } } };
}
