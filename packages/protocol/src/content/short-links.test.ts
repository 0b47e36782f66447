import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments.ts';
import { SHORT_LINK_LENGTH, shortLinkStandIn, withShortLinkStandIns } from './short-links.ts';

describe('short link stand-ins', () => {
  it('are as long as a short link, the same for the same URL, and in GSM-7', () => {
    const one = shortLinkStandIn('https://pizza.example/offers/spring');
    expect(one).toHaveLength(SHORT_LINK_LENGTH);
    expect(shortLinkStandIn('https://pizza.example/offers/spring')).toBe(one);
    expect(shortLinkStandIn('https://pizza.example/offers/summer')).not.toBe(one);
    expect(countSmsSegments(one).encoding).toBe('GSM-7');
  });

  it('replace each quoted URL piped to short_url, and nothing else', () => {
    const url = `https://pizza.example/${'x'.repeat(200)}`;
    const text = `Hi {{ subscriber.firstname }}: {{ "${url}" | short_url }} or {{-'https://b.example' | short_url-}}`;
    expect(withShortLinkStandIns(text)).toBe(
      `Hi {{ subscriber.firstname }}: ${shortLinkStandIn(url)} or ${shortLinkStandIn('https://b.example')}`,
    );
  });
});
