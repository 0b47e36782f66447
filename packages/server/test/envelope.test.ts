import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChannelClient } from './support/channel-client.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

describe('the envelope on both channels (PROTOCOL §2)', () => {
  let herald: TestHerald;
  beforeAll(async () => {
    herald = await startTestHerald({ allowedOrigins: ['https://console.example.com'] });
  });
  afterAll(() => herald.stop());

  describe.each(['session', 'uiv5'] as const)('on /%s', (channel) => {
    it.each([
      ['not JSON', 'this is not json'],
      ['a JSON array', '[1,2,3]'],
      ['a JSON string', '"ping"'],
      ['null', 'null'],
      ['an object without a command', '{"requestId":"r-1","params":{}}'],
      ['a command that is not a string', '{"command":42,"requestId":"r-1"}'],
      ['an empty command', '{"command":"","requestId":"r-1"}'],
    ])('answers %s with MalformedMessage and requestId null, and stays open', async (_label, frame) => {
      const client = await ChannelClient.open(herald.wsUrl(channel));
      const reply = await client.sendRaw(frame);
      expect(reply).toEqual({
        requestId: null,
        error: { type: 'MalformedMessage', message: expect.any(String) },
      });
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      const next = await client.request('getUserLoginMethod', { email: 'a@example.com' });
      expect(next.requestId).toBe('r-1');
      client.close();
    });

    it('answers a binary frame with MalformedMessage', async () => {
      const client = await ChannelClient.open(herald.wsUrl(channel));
      const reply = await client.sendRaw(Buffer.from([1, 2, 3]));
      expect(reply.error?.type).toBe('MalformedMessage');
      client.close();
    });

    it('answers an unknown command with UnknownCommand (or UnauthenticatedCommand on /uiv5) and its requestId', async () => {
      const client = await ChannelClient.open(herald.wsUrl(channel));
      const reply = await client.request('dropAllTables', {});
      expect(reply.requestId).toBe('r-1');
      expect(reply.error?.type).toBe(channel === 'session' ? 'UnknownCommand' : 'UnauthenticatedCommand');
      client.close();
    });

    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
      'does not treat %s as a command',
      async (command) => {
        const client = await ChannelClient.open(herald.wsUrl(channel));
        const reply = await client.request(command, {});
        expect(reply.error?.type).toBe(channel === 'session' ? 'UnknownCommand' : 'UnauthenticatedCommand');
        client.close();
      },
    );

    it('closes with 1009 when a frame is larger than 1 MiB', async () => {
      const client = await ChannelClient.open(herald.wsUrl(channel));
      const closed = client.closed();
      client.socket.send(
        JSON.stringify({ command: 'ping', requestId: 'big', params: { pad: 'x'.repeat(1024 * 1024) } }),
      );
      expect((await closed).code).toBe(1009);
    });

    it('accepts a frame just under 1 MiB', async () => {
      const client = await ChannelClient.open(herald.wsUrl(channel));
      const reply = await client.request('getUserLoginMethod', {
        email: 'a@example.com',
        pad: 'x'.repeat(1000 * 1000),
      });
      expect(reply.requestId).toBe('r-1');
      client.close();
    });

    it('refuses a handshake from an origin that is not allowed with 403', async () => {
      await expect(
        ChannelClient.open(herald.wsUrl(channel), { origin: 'https://evil.example.net' }),
      ).rejects.toThrow('HTTP 403');
    });

    it.each([() => herald.config.publicUrl, () => 'https://console.example.com'])(
      'accepts an allowed origin',
      async (origin) => {
        const client = await ChannelClient.open(herald.wsUrl(channel), { origin: origin() });
        expect(client.socket.readyState).toBe(WebSocket.OPEN);
        client.close();
      },
    );
  });

  it('matches many concurrent replies to their requests', async () => {
    const client = await ChannelClient.open(herald.wsUrl('uiv5'));
    const replies = await Promise.all(Array.from({ length: 50 }, () => client.request('ping')));
    expect(new Set(replies.map((reply) => reply.requestId)).size).toBe(50);
    for (const reply of replies) expect(reply.result).toEqual({ pong: expect.stringMatching(/Z$/) });
    client.close();
  });

  it('answers bad params with ValidationError naming the field', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const reply = await client.request('createSession', { email: 42 });
    expect(reply.error?.type).toBe('ValidationError');
    expect(reply.error?.details?.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    client.close();
  });

  it('answers params that are not an object with ValidationError', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const reply = await client.sendRaw(
      JSON.stringify({ command: 'getUserLoginMethod', requestId: 7, params: [1] }),
      '7',
    );
    expect(reply.error?.type).toBe('ValidationError');
    client.close();
  });

  it('keeps other clients undisturbed while one sends garbage', async () => {
    const noisy = await ChannelClient.open(herald.wsUrl('uiv5'));
    const calm = await ChannelClient.open(herald.wsUrl('uiv5'));
    await Promise.all(Array.from({ length: 20 }, () => noisy.sendRaw('{{{')));
    expect((await calm.request('ping')).result).toBeDefined();
    noisy.close();
    calm.close();
  });

  describe('on /uiv5 before authenticateConnection', () => {
    it.each([
      'query',
      'writeRecords',
      'getStats',
      'getDashboardStats',
      'addSubscription',
      'bulkWriteSubscribers',
      'noSuchCommand',
    ])('answers %s with UnauthenticatedCommand', async (command) => {
      const client = await ChannelClient.open(herald.wsUrl('uiv5'));
      const reply = await client.request(command, { organizationId: 1 });
      expect(reply.error).toEqual({ type: 'UnauthenticatedCommand', message: expect.any(String) });
      client.close();
    });

    it('answers ping without authentication', async () => {
      const client = await ChannelClient.open(herald.wsUrl('uiv5'));
      expect((await client.request('ping')).result).toEqual({ pong: expect.any(String) });
      client.close();
    });
  });
});
