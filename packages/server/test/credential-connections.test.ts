import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Credential, CredentialTestResult } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { integrationsAdmin } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

const GOOD_TOKEN = 'provider-token-accepted-1234';
const SMTP_LOGIN = { user: 'relay-user', password: 'relay-password-5678' };

interface SeenRequest {
  method: string;
  path: string;
  authorization: string;
  body: string;
}

/**
 * One loopback HTTP peer standing in for each provider's public API: it answers as Twilio, the WhatsApp Cloud
 * API, LINE and FCM do for the one request the connection test makes, success for the good credential and the
 * provider's error otherwise. The error echoes the credential it was given, as a careless provider might.
 */
class ProviderPeer {
  readonly seen: SeenRequest[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<ProviderPeer> {
    const peer: ProviderPeer = new ProviderPeer(
      createServer((request, response) => void peer.answer(request, response)),
    );
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    return peer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const authorization = request.headers.authorization ?? '';
    const path = request.url ?? '';
    this.seen.push({
      method: request.method ?? '',
      path,
      authorization,
      body: Buffer.concat(chunks).toString(),
    });
    const basic = `Basic ${Buffer.from(`AC0001:${GOOD_TOKEN}`).toString('base64')}`;
    const accepted = authorization === `Bearer ${GOOD_TOKEN}` || authorization === basic;
    response.setHeader('content-type', 'application/json');
    if (accepted) {
      response.end(JSON.stringify({ ok: true }));
      return;
    }
    response.statusCode = 401;
    const echoed = `credential ${authorization} rejected`;
    response.end(
      JSON.stringify(
        path.startsWith('/2010-04-01') || path.startsWith('/v2/bot')
          ? { message: echoed }
          : { error: { message: echoed } },
      ),
    );
  }
}

describe('testing a credential against its provider', () => {
  let herald: TestHerald;
  let smtp: SmtpPeer;
  let provider: ProviderPeer;
  let organizationId: number;
  let session: ChannelClient;
  let sessionId: string;
  const call = <T>(command: string, params: Record<string, unknown>) =>
    session.call<T>(command, { sessionId, organizationId, ...params });
  const testOf = async (type: string, values: Record<string, string>) => {
    const credential = await call<Credential>('createCredential', { type, alias: type, values });
    return call<CredentialTestResult>('testCredential', { id: credential.id });
  };

  beforeAll(async () => {
    [herald, smtp, provider] = await Promise.all([
      startTestHerald(),
      SmtpPeer.start({ login: SMTP_LOGIN }),
      ProviderPeer.start(),
    ]);
    ({ organizationId, session, sessionId } = await integrationsAdmin(herald));
  });
  afterAll(async () => {
    session.close();
    await Promise.all([herald.stop(), smtp.stop(), provider.stop()]);
  });

  it('logs in to an SMTP server with the right password, and answers its refusal of a wrong one', async () => {
    const values = { host: '127.0.0.1', port: String(smtp.port), accountName: SMTP_LOGIN.user };
    expect(await testOf('smtp', { ...values, password: SMTP_LOGIN.password })).toEqual({
      ok: true,
      message: null,
    });
    const refused = await testOf('smtp', { ...values, password: 'a-wrong-password-0000' });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/535|Invalid/);
    expect(refused.message).not.toContain('a-wrong-password-0000');
  });

  it.each([
    ['twilio', { sid: 'AC0001' }, 'authToken', 'GET', '/2010-04-01/Accounts/AC0001.json'],
    ['whatsapp', { accountName: '10203040' }, 'apiToken', 'GET', '/v21.0/10203040?fields=id'],
    ['line', { lineSecret: 'line-channel-secret' }, 'apiToken', 'GET', '/v2/bot/info'],
    [
      'push',
      { accountName: 'herald-project' },
      'apiToken',
      'POST',
      '/v1/projects/herald-project/messages:send',
    ],
  ])('calls the %s provider at its base URL', async (type, fields, tokenField, method, path) => {
    const baseUrl = type === 'whatsapp' ? `${provider.url}/v21.0` : provider.url;
    const accepted = await testOf(type, { ...fields, [tokenField]: GOOD_TOKEN, baseUrl });
    expect(accepted).toEqual({ ok: true, message: null });
    expect(provider.seen.at(-1)).toMatchObject({ method, path });
    if (type === 'push')
      expect(JSON.parse(provider.seen.at(-1)?.body ?? '{}')).toMatchObject({ validate_only: true });

    const wrongToken = 'a-wrong-provider-token-4321';
    const refused = await testOf(type, { ...fields, [tokenField]: wrongToken, baseUrl });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/^401 credential .* rejected$/);
    // The provider echoed the token; the answer masks it.
    expect(refused.message).not.toContain(wrongToken);
  });

  it('answers an unreachable provider as a failed test', async () => {
    const result = await testOf('line', {
      lineSecret: 'line-channel-secret',
      apiToken: GOOD_TOKEN,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(result.ok).toBe(false);
    expect(result.message).not.toContain(GOOD_TOKEN);
  });
});
