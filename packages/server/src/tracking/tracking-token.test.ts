import { describe, expect, it } from 'vitest';
import { TRACKING_KINDS, TrackingTokens, trackingUrl } from './tracking-token.ts';

const tokens = new TrackingTokens('test-secret-test-secret-test-secret');

/** Every other base64url letter in one position: a token altered in one character. */
function alterations(token: string): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const altered: string[] = [];
  for (let at = 0; at < token.length; at++)
    for (const letter of alphabet)
      if (letter !== token[at]) altered.push(token.slice(0, at) + letter + token.slice(at + 1));
  return altered;
}

describe('tracking tokens', () => {
  it.each(TRACKING_KINDS)('round-trips a %s token', (kind) => {
    const token = tokens.issue({ deliveryId: '9007199254740993', kind });
    expect(token).toMatch(/^[A-Za-z0-9_-]{30,40}$/);
    expect(tokens.read(token)).toEqual({ deliveryId: '9007199254740993', kind });
  });

  it('carries a link index, and a personalized address when given', () => {
    expect(tokens.read(tokens.issue({ deliveryId: '42', kind: 'click', linkIndex: 300 }))).toEqual({
      deliveryId: '42',
      kind: 'click',
      linkIndex: 300,
    });
    const url = 'https://shop.example/offer?who=ada%40lantern.test&ü=1';
    expect(tokens.read(tokens.issue({ deliveryId: '42', kind: 'click', linkIndex: 0, url }))).toEqual({
      deliveryId: '42',
      kind: 'click',
      linkIndex: 0,
      url,
    });
  });

  it('refuses a token altered in any one character, truncated, extended, or signed under another secret', () => {
    const token = tokens.issue({ deliveryId: '12345', kind: 'unsubscribe' });
    for (const altered of alterations(token)) expect(tokens.read(altered)).toBeUndefined();
    expect(tokens.read(token.slice(0, -1))).toBeUndefined();
    expect(tokens.read(`${token}A`)).toBeUndefined();
    expect(new TrackingTokens('another-secret').read(token)).toBeUndefined();
  });

  it('never throws on rubbish', () => {
    for (const rubbish of [
      '',
      '12345',
      '%%%',
      'a'.repeat(10_000),
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '../../x',
    ])
      expect(tokens.read(rubbish)).toBeUndefined();
  });

  it('builds URLs on the public URL or a bare tracking domain', () => {
    expect(trackingUrl('https://herald.example.com/', 'open', 'abc')).toBe(
      'https://herald.example.com/t/o/abc',
    );
    expect(trackingUrl('links.example.com', 'click', 'abc')).toBe('https://links.example.com/t/c/abc');
    const [first, second] = tokens.linkTokensFor('7', ['https://a.example', 'https://b.example']);
    expect(tokens.read(first!)).toEqual({ deliveryId: '7', kind: 'click', linkIndex: 0 });
    expect(tokens.read(second!)).toEqual({ deliveryId: '7', kind: 'click', linkIndex: 1 });
  });
});
