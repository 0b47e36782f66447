import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/** A local HTTP peer that keeps every body posted to it: the team chat's webhook, or a Sentry ingest. */
class RecordingPeer {
  readonly bodies: Array<{ path: string; body: string }> = [];
  readonly #server: Server;
  #waiters: Array<() => void> = [];

  constructor() {
    this.#server = createServer((request, response) => {
      void readBody(request).then((body) => {
        this.bodies.push({ path: request.url ?? '', body });
        for (const wake of this.#waiters.splice(0)) wake();
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Waits until at least `count` bodies have arrived (the test's own time-out bounds it). */
  async received(count: number): Promise<void> {
    while (this.bodies.length < count) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJvcmdhbml6YXRpb25faWQiOjF9.abcdefghijklmnopqrstuvwxyz0123456789';

describe('client errors reach the team (platform §7)', () => {
  let herald: TestHerald;
  let chat: RecordingPeer;
  let sentry: RecordingPeer;
  let sessionId: string;
  let closeSession: () => void;
  const INTERVAL_MS = 1_500;

  beforeAll(async () => {
    chat = new RecordingPeer();
    sentry = new RecordingPeer();
    const [chatAddress, sentryAddress] = await Promise.all([chat.listen(), sentry.listen()]);
    herald = await startTestHerald({
      chatWebhookUrl: `http://${chatAddress}/hooks/team`,
      sentryDsn: `http://publickey@${sentryAddress}/42`,
      // The 10 s of platform §9, shortened so the test need not wait for it.
      clientErrorChatIntervalMs: INTERVAL_MS,
    });
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const signed = await signedIn(herald, user);
    sessionId = signed.sessionId;
    closeSession = () => signed.session.close();
  });
  afterAll(async () => {
    closeSession?.();
    await herald?.stop();
    await Promise.all([chat?.close(), sentry?.close()]);
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${herald.config.publicUrl}/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('needs a live session, refuses another site and caps the size', async () => {
    const report = { kind: 'error', message: 'boom' };
    expect((await post(report)).status).toBe(400);
    const unknown = await post({ ...report, sessionId: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: { type: string } }).error.type).toBe('InvalidSessionError');
    expect((await post({ ...report, sessionId }, { origin: 'https://evil.example' })).status).toBe(403);
    const huge = await post({ ...report, sessionId, message: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(chat.bodies).toEqual([]);
  });

  it('posts at most once per interval, counts repeats for the next post, and strips secrets', async () => {
    const secretReport = {
      sessionId,
      kind: 'error',
      message: `TypeError: failed with token=${JWT} and password: hunter2-secret`,
      stack: `at load (/assets/index.js:1:2)\nAuthorization: Bearer abc.def.ghi-${sessionId}`,
      page: `/1/dashboard?sessionId=${sessionId}`,
    };
    expect((await post(secretReport)).status).toBe(204);
    await chat.received(1);
    // Inside the interval: two repeats of one error and another error, none posted yet.
    const repeat = { sessionId, kind: 'unhandledrejection', message: 'Failed to fetch' };
    for (const report of [repeat, repeat, { ...repeat, message: 'Quota exceeded' }])
      expect((await post(report)).status).toBe(204);
    expect(chat.bodies).toHaveLength(1);

    const first = JSON.parse(chat.bodies[0]?.body ?? '{}') as { text: string };
    expect(chat.bodies[0]?.path).toBe('/hooks/team');
    expect(first.text).toContain('Uncaught error: TypeError: failed with token=[redacted]');
    for (const secret of [JWT, 'hunter2-secret', sessionId, 'abc.def.ghi'])
      expect(first.text).not.toContain(secret);

    // When the interval ends, what arrived meanwhile is one post, the repeat counted.
    await chat.received(2);
    const second = JSON.parse(chat.bodies[1]?.body ?? '{}') as { text: string };
    expect(second.text).toContain('3 client errors');
    expect(second.text).toContain('Unhandled rejection: Failed to fetch');
    expect(second.text).toContain('(2 times since the last post)');
    expect(second.text).toContain('Unhandled rejection: Quota exceeded');
    expect(chat.bodies).toHaveLength(2);
  });

  it('reports each error to the Sentry-compatible service of the DSN, stripped', async () => {
    await sentry.received(1);
    const envelopes = sentry.bodies.filter((entry) => entry.path.startsWith('/api/42/envelope'));
    expect(envelopes.length).toBeGreaterThan(0);
    const all = envelopes.map((entry) => entry.body).join('\n');
    expect(all).toContain('TypeError: failed with token=[redacted]');
    for (const secret of [JWT, 'hunter2-secret', sessionId]) expect(all).not.toContain(secret);
  });
});
