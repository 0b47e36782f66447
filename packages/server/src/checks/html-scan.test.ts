import { describe, expect, it } from 'vitest';
import { decodeEntities, scanHtml } from './html-scan.ts';

describe('scanHtml', () => {
  it('reads images and links with their attributes, quoted any way, entities decoded', () => {
    const page = scanHtml(
      `<p><a href="https://example.com/?a=1&amp;b=2">One</a><A HREF='mailto:hi@example.com'>Two</A>` +
        `<a name=top>Three</a><img src=https://example.com/x.png alt="A > B" width="1" height="1"></p>`,
    );
    expect(page.links).toEqual([
      { href: 'https://example.com/?a=1&b=2' },
      { href: 'mailto:hi@example.com' },
      { href: undefined },
    ]);
    expect(page.images).toEqual([
      { src: 'https://example.com/x.png', alt: 'A > B', width: '1', height: '1' },
    ]);
  });

  it('skips what Outlook’s conditional comments hold', () => {
    const page = scanHtml(
      '<!--[if mso]><img src="http://old.example.com/a.png"><![endif]--><img src="b.png">',
    );
    expect(page.images.map((image) => image.src)).toEqual(['b.png']);
  });

  it('decodes numeric and named entities and leaves unknown ones', () => {
    expect(decodeEntities('&#x41;&#66;&quot;&bogus;')).toBe('AB"&bogus;');
  });
});
