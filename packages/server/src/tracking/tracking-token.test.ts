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

  describe('the unsubscribe mailto', () => {
    // RFC 5322 atext without the characters a token never uses; RFC 5321 §4.5.3.1.1: at most 64 octets.
    const LOCAL_PART = /^[a-z0-9+]{1,64}$/;

    it('carries a signed unsubscribe token in a local part of at most 64 plain characters', () => {
      for (const deliveryId of ['1', '123456789', '9223372036854775807']) {
        const mailbox = tokens.unsubscribeMailbox(deliveryId);
        expect(mailbox).toMatch(LOCAL_PART);
        expect(mailbox.startsWith('unsubscribe+')).toBe(true);
        expect(tokens.readUnsubscribeMailbox(mailbox)).toEqual({ deliveryId, kind: 'unsubscribe' });
      }
      expect(tokens.unsubscribeMailbox('9223372036854775807')).toHaveLength(56);
    });

    it('reads the local part in any case: relays may fold it', () => {
      const mailbox = tokens.unsubscribeMailbox('4711');
      expect(tokens.readUnsubscribeMailbox(mailbox.toUpperCase())).toEqual({
        deliveryId: '4711',
        kind: 'unsubscribe',
      });
    });

    it('refuses a bare delivery id, an altered or truncated token, another kind, another secret', () => {
      const mailbox = tokens.unsubscribeMailbox('4711');
      expect(tokens.readUnsubscribeMailbox('unsubscribe+4711')).toBeUndefined();
      const letters = 'abcdefghijklmnopqrstuvwxyz234567';
      for (let at = 'unsubscribe+'.length; at < mailbox.length; at++)
        for (const letter of letters)
          if (letter !== mailbox[at])
            expect(
              tokens.readUnsubscribeMailbox(mailbox.slice(0, at) + letter + mailbox.slice(at + 1)),
            ).toBeUndefined();
      expect(tokens.readUnsubscribeMailbox(mailbox.slice(0, -1))).toBeUndefined();
      expect(tokens.readUnsubscribeMailbox(`${mailbox}a`)).toBeUndefined();
      expect(tokens.readUnsubscribeMailbox(mailbox.replace('unsubscribe+', 'bounce+'))).toBeUndefined();
      expect(new TrackingTokens('another-secret').readUnsubscribeMailbox(mailbox)).toBeUndefined();
      // The https link's token in the local part, or a click token's bytes, are not an unsubscribe mailto.
      expect(
        tokens.readUnsubscribeMailbox(
          `unsubscribe+${tokens.issue({ deliveryId: '4711', kind: 'unsubscribe' })}`,
        ),
      ).toBeUndefined();
      for (const rubbish of ['', 'unsubscribe+', 'unsubscribe+!!', `unsubscribe+${'a'.repeat(80)}`])
        expect(tokens.readUnsubscribeMailbox(rubbish)).toBeUndefined();
    });
  });
});
