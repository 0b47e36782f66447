import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineMessage } from '../src/delivery/messenger.ts';
import { lineMessenger, lineRetryKey } from '../src/delivery/transports/line.ts';
import { LinePeer, lineError } from './support/line-peer.ts';
import { outgoing, refusal, sendSignal } from './support/transports.ts';

const TOKEN = 'line-channel-access-token-1234';
const USER = `U${'4af4980629'.padEnd(32, '0')}`;

const message = (changes: Partial<LineMessage> = {}): LineMessage => ({
  ...outgoing('9001'),
  to: USER,
  messages: [
    { type: 'text', text: 'Spring sale: 20% off today' },
    {
      type: 'image',
      originalContentUrl: 'https://cdn.example/a.jpg',
      previewImageUrl: 'https://cdn.example/a-s.jpg',
    },
  ],
  ...changes,
});

describe('the LINE transport against a Messaging API peer', () => {
  let peer: LinePeer;
  beforeAll(async () => {
    peer = await LinePeer.start(TOKEN);
  });
  afterAll(() => peer.stop());

  const messenger = (channelAccessToken = TOKEN) => lineMessenger({ baseUrl: peer.url, channelAccessToken });

  it('pushes with a Bearer token and a retry key derived from the delivery id, and answers the message id', async () => {
    const receipt = await messenger().send(message(), sendSignal());
    const pushed = peer.pushed.at(-1);
    expect(pushed?.to).toBe(USER);
    expect(pushed?.messages).toEqual(message().messages);
    expect(pushed?.retryKey).toBe(lineRetryKey('9001'));
    expect(receipt.providerMessageId).toMatch(/^\d+$/);
    const request = peer.http.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v2/bot/message/push' });
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('derives a stable version-5 UUID per delivery', () => {
    expect(lineRetryKey('9001')).toBe(lineRetryKey('9001'));
    expect(lineRetryKey('9001')).not.toBe(lineRetryKey('9002'));
    expect(lineRetryKey('9001')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('does not send a retried delivery twice: the 409 of an accepted key counts as sent', async () => {
    const first = await messenger().send(message({ deliveryId: '9100' }), sendSignal());
    const count = peer.pushed.length;
    const again = await messenger().send(message({ deliveryId: '9100' }), sendSignal());
    expect(peer.pushed).toHaveLength(count);
    expect(again.providerMessageId).toBe(peer.pushed.at(-1)?.requestId);
    expect(first.providerMessageId).toBeDefined();
  });

  it('maps a refused token to a permanent error', async () => {
    const error = await refusal(messenger('wrong-token').send(message(), sendSignal()));
    expect(error).toMatchObject({ permanent: true, code: '401' });
    expect(error.message).toMatch(/channel access token/);
  });

  it('maps an invalid user id to a permanent error with the property LINE names', async () => {
    const error = await refusal(
      messenger().send(message({ deliveryId: '9200', to: 'someone' }), sendSignal()),
    );
    expect(error).toMatchObject({ permanent: true, code: '400' });
    expect(error.message).toBe('Failed to send messages: The property is invalid');
  });

  it('maps 429 and 5xx to transient errors; the retry then goes through once', async () => {
    peer.http.failNext(
      lineError(429, 'You have reached your monthly limit.'),
      lineError(500, 'Internal error'),
    );
    expect(await refusal(messenger().send(message({ deliveryId: '9300' }), sendSignal()))).toMatchObject({
      permanent: false,
      code: '429',
    });
    expect(await refusal(messenger().send(message({ deliveryId: '9300' }), sendSignal()))).toMatchObject({
      permanent: false,
      code: '500',
    });
    const count = peer.pushed.length;
    await messenger().send(message({ deliveryId: '9300' }), sendSignal());
    expect(peer.pushed).toHaveLength(count + 1);
  });
});
