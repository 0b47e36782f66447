import { defaultThemeSettings, designToMjml, emailDesignSchema, type EmailDesign } from '@herald/protocol';
import { everyBlockDesign } from '../../../protocol/src/content/email-design.fixture.ts';
import { describe, expect, it } from 'vitest';
import { compileEmailContent } from './email-content.ts';
import { compileMjml } from './mjml-to-html.ts';
import type { Recipient } from './recipient-scope.ts';

const recipient: Recipient = {
  subscriber: { id: 1, firstname: 'Mia', lastname: 'Rossi', email: 'mia@example.com', custom: {} },
  unsubscribeUrl: 'https://herald.example/t/u/1',
  viewOnlineUrl: 'https://herald.example/t/v/1',
  organization: { name: 'Pizza Co' },
};

describe('designToMjml', () => {
  it('writes MJML that mjml compiles without a complaint, for every kind of block', async () => {
    expect(emailDesignSchema.safeParse(everyBlockDesign).success).toBe(true);
    const mjml = designToMjml(everyBlockDesign);
    const compiled = await compileMjml(mjml);
    expect(compiled.errors).toEqual([]);
    expect(compiled.html).toContain('Raw <em>HTML</em>');
    expect(compiled.html).toContain('https://example.com/pizza.png');
    expect(compiled.html).toContain('href="https://example.com/?a=1&amp;b=2"');
    expect(compiled.html).toContain('Content block Winter promo');
    expect(compiled.html).toContain('https://facebook.com/pizza');
    // The theme's attributes apply where a block says nothing: the button's height.
    expect(compiled.html).toMatch(/height:40px/);
  });

  it('keeps Liquid as written, so each recipient gets their own copy, and escapes the text around it', async () => {
    const email = await compileEmailContent({ subject: 'Hi', mjml: designToMjml(everyBlockDesign) });
    const rendered = email.render(recipient);
    expect(rendered.errors).toEqual([]);
    expect(rendered.html).toContain('Hello Mia');
    expect(rendered.html).toContain('Order, Mia &lt;now&gt;');
    expect(rendered.html).toContain('href="https://herald.example/t/v/1"');
    expect(rendered.html).toContain('href="https://herald.example/t/u/1"');
    const anonymous = email.render({ ...recipient, subscriber: { ...recipient.subscriber, firstname: '' } });
    expect(anonymous.html).toContain('Hello there');
    expect(anonymous.html).toContain('Order, friend');
  });

  it('uses a content block’s fresher HTML when given, and writes nothing a block does not set', () => {
    const fresh = designToMjml(everyBlockDesign, { contentBlocks: new Map([[7, '<p>Now 30% off</p>']]) });
    expect(fresh).toContain('<mj-raw><p>Now 30% off</p></mj-raw>');
    const bare: EmailDesign = {
      version: 1,
      sections: [{ id: 's', columns: [{ id: 'c', blocks: [{ id: 't', type: 'text', html: '<p>x</p>' }] }] }],
    };
    expect(designToMjml(bare)).toBe(
      [
        '<mjml>',
        '  <mj-body width="600px">',
        '    <mj-section>',
        '      <mj-column>',
        '        <mj-text><p>x</p></mj-text>',
        '      </mj-column>',
        '    </mj-section>',
        '  </mj-body>',
        '</mjml>',
        '',
      ].join('\n'),
    );
  });

  it('writes a theme’s head first, and its width and background where the design sets none', async () => {
    const theme = defaultThemeSettings('Serif');
    theme.customFont.family = 'Georgia, serif';
    theme.style.body.width = '480px';
    const design: EmailDesign = {
      version: 1,
      fontFamily: 'Courier',
      sections: [{ id: 's', columns: [{ id: 'c', blocks: [{ id: 't', type: 'text', html: '<p>x</p>' }] }] }],
    };
    const themed = designToMjml(design, { theme });
    expect(themed).toContain('<mj-body width="480px" background-color="#f4f4f5">');
    // The design's own font comes after the theme's, so it wins.
    expect(themed.indexOf('Georgia, serif')).toBeLessThan(themed.indexOf('Courier'));
    expect(designToMjml({ ...design, width: 640 }, { theme })).toContain('<mj-body width="640px"');
    expect((await compileMjml(themed)).errors).toEqual([]);
  });

  it('writes nothing for a content block not chosen yet, and MJML content as it is', () => {
    const design: EmailDesign = {
      version: 1,
      sections: [
        {
          id: 's',
          columns: [
            {
              id: 'c',
              blocks: [
                { id: 'none', type: 'contentBlock' },
                {
                  id: 'm',
                  type: 'contentBlock',
                  contentBlockId: 3,
                  format: 'mjml',
                  html: '<mj-text>Hi</mj-text>',
                },
              ],
            },
          ],
        },
      ],
    };
    const mjml = designToMjml(design);
    expect(mjml).toContain('        <mj-text>Hi</mj-text>\n      </mj-column>');
    expect(mjml).not.toContain('Content block');
  });

  it('refuses a design that uses an id twice', () => {
    const twice = {
      version: 1,
      sections: [{ id: 'a', columns: [{ id: 'a', blocks: [] }] }],
    };
    expect(emailDesignSchema.safeParse(twice).success).toBe(false);
  });
});
