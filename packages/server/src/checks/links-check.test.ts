import { describe, expect, it } from 'vitest';
import { channelFixture, emailFixture } from './check-fixtures.ts';
import { checkLinks, isLocalHost, linkProblem } from './links-check.ts';

describe('links check', () => {
  it('passes followable links with an unsubscribe link', async () => {
    const content = await emailFixture(
      '<a href="https://example.com/shop?a=1&amp;b=2">Shop</a><a href="mailto:hi@example.com">Mail</a><a href="#top">Top</a>',
    );
    expect(checkLinks(content)).toMatchObject({
      status: 'pass',
      message: 'All 4 links can be followed, and there is an unsubscribe link.',
    });
  });

  it('fails malformed, local, file and script links', async () => {
    const content = await emailFixture(
      '<a href="www.example.com">A</a><a href="http://localhost:3000/x">B</a><a href="file:///C:/offer.pdf">C</a>' +
        '<a href="javascript:alert(1)">D</a><a href="https://127.0.0.1/y">E</a><a href="">F</a>',
    );
    const result = checkLinks(content);
    expect(result.status).toBe('fail');
    expect(result.details).toEqual([
      'Link “www.example.com” is not a full address: write it with https://.',
      'Link “x” points at localhost, which only your own network reaches: use the public address.',
      'Link “offer.pdf” uses file: and cannot open for a reader: link to a web page.',
      'Link “javascript:alert(1)” uses javascript: and cannot open for a reader: link to a web page.',
      'Link “y” points at 127.0.0.1, which only your own network reaches: use the public address.',
      'A link has an empty address: set where it goes.',
    ]);
  });

  it('fails an e-mail without an unsubscribe link, in the version that lacks it', async () => {
    const content = await emailFixture('<a href="https://example.com">Shop</a>', {
      html: '<p><a href="https://example.com">Shop</a></p>',
    });
    expect(checkLinks(content)).toMatchObject({
      status: 'fail',
      message: 'There is no unsubscribe link: add a link to {{ unsubscribe_url }}.',
    });
  });

  it('asks no unsubscribe link of other channels', async () => {
    const content = await channelFixture('web', {
      web: { placement: 'banner', html: '<a href="https://example.com">Go</a>' },
    });
    expect(checkLinks(content).status).toBe('pass');
  });

  it('knows local hosts and private ranges', () => {
    for (const host of [
      'localhost',
      'shop.localhost',
      '127.0.0.2',
      '10.1.2.3',
      '192.168.0.1',
      '172.20.0.1',
      '[::1]',
    ])
      expect(isLocalHost(host)).toBe(true);
    for (const host of ['example.com', '8.8.8.8', '172.32.0.1']) expect(isLocalHost(host)).toBe(false);
    expect(linkProblem('tel:+61400000000')).toBeUndefined();
    expect(linkProblem('ftp://example.com/a')?.status).toBe('fail');
  });
});

describe('links check on personalized links', () => {
  it('warns rather than fails a link a field completes, which the sample recipient leaves empty', async () => {
    const content = await emailFixture('<a href="{{ subscriber.custom.store_url }}">Your store</a>');
    expect(checkLinks(content)).toMatchObject({
      status: 'warn',
      message:
        'Link with no address is incomplete for the sample recipient: give its personalized address a fallback with | default.',
    });
  });

  it('still fails an empty link when only Herald’s own links are personalized', async () => {
    const content = await emailFixture('<a href="">Shop</a>');
    expect(checkLinks(content).status).toBe('fail');
  });
});
