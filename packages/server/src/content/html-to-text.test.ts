import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.ts';

describe('htmlToText', () => {
  it('keeps the words in reading order, paragraphs apart, a line per other block, whitespace collapsed', () => {
    expect(
      htmlToText(
        '<h1>Big   news</h1>\n<p>First\nparagraph with <b>bold</b> and <i>italics</i>.</p><div>Next<br>line</div>',
      ),
    ).toBe('Big news\n\nFirst paragraph with bold and italics.\n\nNext\nline');
  });

  it('writes links as "label (url)", and the url alone where the label says it already', () => {
    expect(htmlToText('<p>Read <a href="https://harbour.test/blog">our blog</a>.</p>')).toBe(
      'Read our blog (https://harbour.test/blog).',
    );
    expect(htmlToText('<a href="https://harbour.test/">https://harbour.test/</a>')).toBe(
      'https://harbour.test/',
    );
    expect(htmlToText('<a href="https://harbour.test/">harbour.test</a>')).toBe('harbour.test');
    expect(htmlToText('<a href="mailto:hi@harbour.test">hi@harbour.test</a>')).toBe('hi@harbour.test');
    expect(htmlToText('<a href="#top">Back to top</a> <a href="javascript:void(0)">Menu</a>')).toBe(
      'Back to top Menu',
    );
    expect(htmlToText('<a href="https://harbour.test/x"></a>')).toBe('https://harbour.test/x');
  });

  it('labels a linked image by its alt text and drops other images', () => {
    expect(
      htmlToText(
        '<a href="https://harbour.test"><img src="logo.png" alt="Harbour Coffee"></a><p><img src="hero.jpg" alt="Hero"></p>',
      ),
    ).toBe('Harbour Coffee (https://harbour.test)');
  });

  it('keeps Liquid whole, in text and in attributes, even with markup-like characters inside', () => {
    expect(
      htmlToText(
        '<p>Hi {{ subscriber.firstname | default: "<friend>" }}</p>{% if subscriber.custom.vip %}<p>VIP</p>{% endif %}' +
          '<a href="{{ unsubscribe_url }}">Unsubscribe</a>',
      ),
    ).toBe(
      'Hi {{ subscriber.firstname | default: "<friend>" }}\n\n{% if subscriber.custom.vip %}\n\nVIP\n\n{% endif %}Unsubscribe ({{ unsubscribe_url }})',
    );
  });

  it('leaves out the head, styles, scripts, comments and Outlook-only markup', () => {
    const html = `<!doctype html><html><head><title>Title</title><style>p { color: red }</style></head>
      <body><!--[if mso]><table><tr><td>Outlook only</td></tr></table><![endif]--><script>alert(1)</script>
      <!-- a note --><p>Body</p></body></html>`;
    expect(htmlToText(html)).toBe('Body');
  });

  it('leaves out hidden elements, nested ones included, and the preview text', () => {
    expect(
      htmlToText(
        '<div style="display:none;max-height:0">Preview <div>nested</div> text&#847;&zwnj;&nbsp;</div><p>Seen</p><span hidden>no</span><img style="display: none" alt="x"> ok',
      ),
    ).toBe('Seen\n\nok');
  });

  it('writes list items with a dash and table cells apart', () => {
    expect(
      htmlToText(
        '<ul><li>Beans</li><li>Brewers</li></ul><table><tr><td>Latte</td><td>$5</td></tr><tr><td>Mocha</td><td>$6</td></tr></table>',
      ),
    ).toBe('- Beans\n- Brewers\n\nLatte $5\nMocha $6');
  });

  it('keeps the whitespace of <pre>', () => {
    expect(htmlToText('<pre>a  b\n  c</pre><p>d   e</p>')).toBe('a  b\n  c\n\nd e');
  });

  it('decodes character references and drops invisible spacers', () => {
    expect(
      htmlToText('<p>Tom &amp; Jerry &lt;3 caf&eacute; &#8364;5 &#x1F600; &hellip;&nbsp;end&zwnj;&shy;</p>'),
    ).toBe('Tom & Jerry <3 café €5 😀 … end');
    // The whole HTML table (the entities package), and references to nothing as the replacement character.
    expect(htmlToText('<p>&hearts; &check; &unknown; &#0;</p>')).toBe('♥ ✓ &unknown; \uFFFD');
  });

  it('counts <br> one by one, up to a blank line', () => {
    expect(htmlToText('<div>a<br></div><div>b<br><br>c<br><br><br><br>d</div>')).toBe('a\nb\n\nc\n\nd');
  });

  it('is not fooled by the private-use characters it marks breaks with', () => {
    expect(htmlToText('<p>a&#xE002;b&#57349;c\uE003d\uE0000\uE001</p>{{ x }}')).toBe('abcd0\n\n{{ x }}');
  });

  it('puts two line breaks at most in a row', () => {
    expect(htmlToText('<div><div><div><p>a</p></div></div></div><div><div><p>b</p></div></div>')).toBe(
      'a\n\nb',
    );
  });
});
