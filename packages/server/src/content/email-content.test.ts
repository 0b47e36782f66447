import { describe, expect, it } from 'vitest';
import { compileEmailContent } from './email-content.ts';
import { MJML_MAX_CHARACTERS } from './mjml-to-html.ts';
import { recipientOf } from './test-recipients.ts';

const ann = recipientOf({
  id: 7,
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.test',
  custom: { colour: 'teal', tier: 'Gold' },
});
const nobody = recipientOf({ id: 8, email: 'nobody@example.test' });

const welcomeMjml = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text><h1>Hello {{ subscriber.firstname | default: "there" }}</h1></mj-text>
        <mj-text>Your {{ subscriber.custom.tier | default: "new" }} card is ready. Tom &amp; Jerry say hi.</mj-text>
        <mj-button href="{{ view_online_url }}">View it online</mj-button>
        <mj-image src="https://cdn.harbour.test/beans.png?for={{ subscriber.email | url_encode }}" alt="Fresh beans" href="https://harbour.test/beans" />
      </mj-column>
    </mj-section>
    <mj-raw>{% if subscriber.custom.tier == "Gold" %}</mj-raw>
    <mj-section>
      <mj-column>
        <mj-text>Gold members drink free on Fridays.</mj-text>
      </mj-column>
    </mj-section>
    <mj-raw>{% endif %}</mj-raw>
    <mj-section>
      <mj-column>
        <mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a> from {{ organization.name }}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

describe('an MJML e-mail', () => {
  it('is compiled once and rendered for each recipient', async () => {
    const email = await compileEmailContent({ subject: 'Hi {{ subscriber.firstname }}', mjml: welcomeMjml });
    expect(email.errors).toEqual([]);
    const forAnn = email.render(ann);
    const forNobody = email.render(nobody);
    expect(forAnn.errors).toEqual([]);
    expect(forAnn.html).toContain('<h1>Hello Ann</h1>');
    expect(forNobody.html).toContain('<h1>Hello there</h1>');
    expect(forAnn.html).toContain('Your Gold card is ready. Tom &amp; Jerry say hi.');
    expect(forNobody.html).toContain('Your new card is ready.');
    // The section inside <mj-raw>{% if %}…{% endif %}</mj-raw> is Ann's alone.
    expect(forAnn.html).toContain('Gold members drink free');
    expect(forNobody.html).not.toContain('Gold members drink free');
    expect(forAnn.html).not.toMatch(/\{\{|\{%/);
    expect(forAnn.html).toMatch(/^<!doctype html>/);
  });

  it('keeps Liquid in attributes through the MJML compile: button and link hrefs, image src', async () => {
    const email = await compileEmailContent({ subject: 'Hi', mjml: welcomeMjml });
    const { html } = email.render(ann);
    // In HTML an ampersand in an attribute is written &amp;.
    expect(html).toContain('href="https://mail.harbour.test/v/7?sig=c3d4"');
    expect(html).toContain(
      '<a href="https://mail.harbour.test/u/7?sig=a1b2&amp;list=7">Unsubscribe</a> from Harbour Coffee',
    );
    expect(html).toContain('src="https://cdn.harbour.test/beans.png?for=ann%40example.test"');
  });

  it('derives the text part from the HTML, links as label (url) and personalized', async () => {
    const email = await compileEmailContent({ subject: 'Hi', mjml: welcomeMjml });
    expect(email.render(ann).text).toBe(
      [
        'Hello Ann',
        '',
        'Your Gold card is ready. Tom & Jerry say hi.',
        '',
        'View it online (https://mail.harbour.test/v/7?sig=c3d4)',
        '',
        'Fresh beans (https://harbour.test/beans)',
        '',
        'Gold members drink free on Fridays.',
        '',
        'Unsubscribe (https://mail.harbour.test/u/7?sig=a1b2&list=7) from Harbour Coffee',
      ].join('\n'),
    );
    expect(email.render(nobody).text).not.toContain('Gold members');
  });

  it('reports MJML errors with their lines and still renders', async () => {
    const mjml = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-bogus>?</mj-bogus>
        <mj-text color="not-a-colour">Hello {{ subscriber.firstname }}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
    const email = await compileEmailContent({ subject: 'Hi', mjml });
    expect(email.errors).toEqual([
      { part: 'mjml', message: "Element mj-bogus doesn't exist or is not registered", line: 5 },
      { part: 'mjml', message: 'Attribute color has invalid value: not-a-colour for type Color', line: 6 },
    ]);
    const rendered = email.render(ann);
    expect(rendered.html).toContain('Hello Ann');
    expect(rendered.errors).toEqual(email.errors);
  });

  it('reports MJML that cannot be read at all', async () => {
    const email = await compileEmailContent({ subject: 'Hi', mjml: 'not MJML at all' });
    expect(email.errors).toEqual([
      { part: 'mjml', message: 'The MJML could not be compiled: Parsing failed. Check your mjml.' },
    ]);
    expect(email.render(ann)).toMatchObject({ html: '', text: '', sizeBytes: 0 });
  });

  it('refuses MJML too long to compile on the server’s thread', async () => {
    const mjml = `<mjml><mj-body><mj-section><mj-column><mj-text>${'x'.repeat(MJML_MAX_CHARACTERS)}</mj-text></mj-column></mj-section></mj-body></mjml>`;
    const email = await compileEmailContent({ subject: 'Hi', mjml });
    expect(email.errors).toEqual([{ part: 'mjml', message: 'The MJML is longer than 500,000 characters.' }]);
  });

  it('reports Liquid that MJML dropped, on the line it was written', async () => {
    const mjml = `<mjml>
  <mj-body>
    {% if subscriber.custom.tier %}
    <mj-section>
      <mj-column><mj-text>Members only</mj-text></mj-column>
    </mj-section>
    {% endif %}
  </mj-body>
</mjml>`;
    const email = await compileEmailContent({ subject: 'Hi', mjml });
    expect(email.errors).toEqual([
      {
        part: 'mjml',
        message:
          'MJML left out {% if subscriber.custom.tier %}: Liquid between sections or columns must sit inside <mj-raw>.',
        line: 3,
      },
      {
        part: 'mjml',
        message: 'MJML left out {% endif %}: Liquid between sections or columns must sit inside <mj-raw>.',
        line: 7,
      },
    ]);
  });

  it('reports bad Liquid on the line of the MJML as written', async () => {
    const mjml = welcomeMjml.replace(
      '{{ subscriber.firstname | default: "there" }}',
      '{{ subscriber.firstname | shout }}',
    );
    const email = await compileEmailContent({ subject: 'Hi', mjml });
    expect(email.errors).toEqual([{ part: 'mjml', message: 'undefined filter: shout', line: 5 }]);
    // The body shows as compiled, unpersonalized, rather than nothing.
    expect(email.render(ann).html).toContain('{{ subscriber.firstname | shout }}');
  });

  it('reports a render error on the line of the MJML as written', async () => {
    const mjml = welcomeMjml.replace(
      'Tom &amp; Jerry say hi.',
      '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
    );
    const email = await compileEmailContent({ subject: 'Hi', mjml });
    expect(email.errors).toEqual([]);
    const rendered = email.render(ann);
    expect(rendered.errors).toEqual([
      {
        part: 'mjml',
        message: 'The template builds too much: a range, loop or repeated text is too large to render.',
        line: 6,
      },
    ]);
  });

  it('never reads a file for mj-include', async () => {
    const mjml = `<mjml><mj-body><mj-include path="../../package.json" /><mj-section><mj-column><mj-text>Hi</mj-text></mj-column></mj-section></mj-body></mjml>`;
    const email = await compileEmailContent({ subject: 'Hi', mjml });
    expect(email.render(ann).html).not.toContain('@herald/server');
  });
});

describe('an HTML e-mail', () => {
  const html = `<!doctype html>
<html>
<head><title>{{ organization.name }}</title><style>p { color: red; }</style></head>
<body style="margin:0">
<p>Dear {{ subscriber.firstname | default: "friend" }},</p>
<p><a href="https://harbour.test/offer?who={{ subscriber.firstname }}&amp;src=email">See the offer</a></p>
<ul><li>Beans</li><li>Brewers</li></ul>
<p><a href="{{ view_online_url }}">View online</a> | <a href="{{ unsubscribe_url }}">Unsubscribe</a></p>
</body>
</html>`;

  it('escapes a hostile field value in the body and its attributes, but not in the subject', async () => {
    const email = await compileEmailContent({ subject: 'For {{ subscriber.firstname }}', html });
    const mallory = recipientOf({ firstname: '"><script>alert(1)</script>' });
    const rendered = email.render(mallory);
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('<p>Dear &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;,</p>');
    expect(rendered.html).toContain('href="https://harbour.test/offer?who=&#34;&gt;&lt;script&gt;');
    // A subject is a header line, not HTML: the mailer encodes it, the reader sees the name as written.
    expect(rendered.subject).toBe('For "><script>alert(1)</script>');
    expect(rendered.text).toContain('Dear "><script>alert(1)</script>,');
  });

  it('puts the preheader first in the body, hidden and escaped, and keeps it out of the text part', async () => {
    const email = await compileEmailContent({
      subject: 'Hi',
      preheader: 'Tom & Jerry, {{ subscriber.firstname }}: 20% off',
      html,
    });
    const rendered = email.render(ann);
    expect(rendered.html).toMatch(
      /<body style="margin:0"><div style="display:none;[^"]*">Tom &amp; Jerry, Ann: 20% off(&#847;&zwnj;&nbsp;)+<\/div>\n<p>Dear Ann,/,
    );
    expect(rendered.text).not.toContain('Jerry');
  });

  it('keeps the author’s line numbers with a preheader in place', async () => {
    const broken = html.replace(
      '{{ subscriber.firstname | default: "friend" }}',
      '{{ subscriber.firstname | shout }}',
    );
    const email = await compileEmailContent({ subject: 'Hi', preheader: 'Hello', html: broken });
    expect(email.errors).toEqual([{ part: 'html', message: 'undefined filter: shout', line: 5 }]);
  });

  it('derives the text part without the head, links as label (url)', async () => {
    const email = await compileEmailContent({ subject: 'Hi', html });
    expect(email.render(ann).text).toBe(
      [
        'Dear Ann,',
        '',
        'See the offer (https://harbour.test/offer?who=Ann&src=email)',
        '',
        '- Beans',
        '- Brewers',
        '',
        'View online (https://mail.harbour.test/v/7?sig=c3d4) | Unsubscribe (https://mail.harbour.test/u/7?sig=a1b2&list=7)',
      ].join('\n'),
    );
  });

  it('uses the text part given, personalized and not escaped', async () => {
    const email = await compileEmailContent({
      subject: 'Hi',
      html,
      text: 'Hi {{ subscriber.firstname }} & co.\nUnsubscribe: {{ unsubscribe_url }}',
    });
    expect(email.render(recipientOf({ id: 3, firstname: '<Ann>' })).text).toBe(
      'Hi <Ann> & co.\nUnsubscribe: https://mail.harbour.test/u/3?sig=a1b2&list=7',
    );
  });

  it('answers the renderPreview shape, with the size in UTF-8 bytes', async () => {
    const email = await compileEmailContent({
      subject: 'Café {{ subscriber.firstname }}',
      html: '<p>Café ☕</p>',
    });
    expect(email.render(ann)).toEqual({
      subject: 'Café Ann',
      html: '<p>Café ☕</p>',
      text: 'Café ☕',
      sizeBytes: 16,
      errors: [],
    });
  });

  it('makes the subject one line', async () => {
    const email = await compileEmailContent({
      subject: 'Hi {{ subscriber.firstname }},\n{% for i in (1..2) %}\n  {{ i }}\n{% endfor %}',
      html: '<p>x</p>',
    });
    expect(email.render(ann).subject).toBe('Hi Ann, 1 2');
  });

  it('reports each part’s errors with the part and line', async () => {
    const email = await compileEmailContent({
      subject: 'Hi {{ subscriber.firstname | nope }}',
      preheader: '{% if x %}',
      html: '<p>\n{{ x | alsonope }}</p>',
      text: 'a\nb\n{% endfor %}',
    });
    expect(email.errors).toEqual([
      { part: 'subject', message: 'undefined filter: nope', line: 1 },
      { part: 'preheader', message: 'tag {% if x %} not closed', line: 1 },
      { part: 'html', message: 'undefined filter: alsonope', line: 2 },
      { part: 'text', message: 'tag "endfor" not found', line: 3 },
    ]);
    // Nothing throws: the parts show as written.
    expect(email.render(ann)).toMatchObject({ subject: 'Hi {{ subscriber.firstname | nope }}' });
  });

  it('says once, not twice, when a derived text part fails with its body', async () => {
    const email = await compileEmailContent({ subject: 'Hi', html: '<p>{% if x %}</p>' });
    expect(email.errors).toEqual([{ part: 'html', message: 'tag {% if x %} not closed', line: 1 }]);
  });

  it('needs exactly one of MJML or HTML', async () => {
    expect((await compileEmailContent({ subject: 'Hi' })).errors).toEqual([
      { part: 'html', message: 'An e-mail needs MJML or HTML.' },
    ]);
    const both = await compileEmailContent({
      subject: 'Hi',
      html: '<p>html</p>',
      mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>mjml</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
    expect(both.errors).toEqual([
      { part: 'html', message: 'An e-mail has MJML or HTML, not both: the MJML is used.' },
    ]);
    expect(both.render(ann).html).toContain('mjml</div>');
  });
});
