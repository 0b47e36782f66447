import { describe, expect, it } from 'vitest';
import { addTracking, trackedLinksOf } from './add-tracking.ts';
import { TrackingTokens } from './tracking-token.ts';

const tokens = new TrackingTokens('test-secret-test-secret-test-secret');
const BASE = 'https://links.lantern.test';

const MESSAGE = `<!doctype html><html><head><title>Offer</title></head><body>
<!-- <a href="https://commented.example">not a link</a> -->
<p data-note='href="https://attribute.example"'>Hello</p>
<a class="button" href=" https://shop.example/offer?a=1&amp;b=2 " title="Shop">Shop</a>
<A HREF="http://blog.example/post">Blog</A>
<a href="mailto:help@lantern.test">Mail us</a>
<a href="tel:+6421000000">Call</a>
<a href="#top">Top</a>
<a href="https://herald.example.com/t/u/AbC_123-x">Unsubscribe</a>
<a href="https://partner.example" data-herald-untracked>Partner</a>
<script>var a = '<a href="https://script.example">';</script>
</body></html>`;

/** The click tokens' payloads of the rewritten anchors, in order. */
function clicks(html: string) {
  return [...html.matchAll(/href="https:\/\/links\.lantern\.test\/t\/c\/([A-Za-z0-9_-]+)"/g)].map((match) =>
    tokens.read(match[1]!),
  );
}

describe('addTracking', () => {
  it('rewrites http and https anchors to click URLs and leaves every other link and text alone', () => {
    const { html, links } = addTracking(MESSAGE, '55', BASE, { tokens });
    expect(links).toEqual(['https://shop.example/offer?a=1&b=2', 'http://blog.example/post']);
    expect(trackedLinksOf(MESSAGE)).toEqual(links);
    expect(clicks(html)).toEqual([
      { deliveryId: '55', kind: 'click', linkIndex: 0, url: 'https://shop.example/offer?a=1&b=2' },
      { deliveryId: '55', kind: 'click', linkIndex: 1, url: 'http://blog.example/post' },
    ]);
    // Other attributes survive; the untouched parts are kept byte for byte.
    expect(html).toMatch(
      /<a class="button" href="https:\/\/links\.lantern\.test\/t\/c\/[^"]+" title="Shop">Shop<\/a>/,
    );
    for (const kept of [
      '<!-- <a href="https://commented.example">not a link</a> -->',
      `<p data-note='href="https://attribute.example"'>Hello</p>`,
      '<a href="mailto:help@lantern.test">Mail us</a>',
      '<a href="tel:+6421000000">Call</a>',
      '<a href="#top">Top</a>',
      '<a href="https://herald.example.com/t/u/AbC_123-x">Unsubscribe</a>',
      '<a href="https://partner.example" data-herald-untracked>Partner</a>',
      `<script>var a = '<a href="https://script.example">';</script>`,
    ])
      expect(html).toContain(kept);
  });

  it('names the run’s own links by index alone, and signs a personalized address into its token', () => {
    const { html } = addTracking(MESSAGE, '55', BASE, {
      tokens,
      runLinks: ['https://shop.example/offer?a=1&b=2', 'http://blog.example/other'],
    });
    expect(clicks(html)).toEqual([
      { deliveryId: '55', kind: 'click', linkIndex: 0 },
      { deliveryId: '55', kind: 'click', linkIndex: 1, url: 'http://blog.example/post' },
    ]);
  });

  it('puts the open pixel just before </body>, or at the end without one', () => {
    const { html } = addTracking(MESSAGE, '55', BASE, { tokens });
    const pixel =
      /<img src="https:\/\/links\.lantern\.test\/t\/o\/([A-Za-z0-9_-]+)" width="1" height="1" alt=""[^>]*><\/body><\/html>$/.exec(
        html,
      );
    expect(pixel).not.toBeNull();
    expect(tokens.read(pixel![1]!)).toEqual({ deliveryId: '55', kind: 'open' });
    const bare = addTracking('<p>Hi <a href="https://x.example">x</a></p>', '9', BASE, { tokens });
    expect(bare.html).toMatch(/^<p>Hi <a href="[^"]+">x<\/a><\/p><img src="[^"]+\/t\/o\/[^"]+"[^>]*>$/);
  });
});
