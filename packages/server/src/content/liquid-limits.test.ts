import { describe, expect, it } from 'vitest';
import { compileEmailContent } from './email-content.ts';
import { LIQUID_LIMITS, textLiquid } from './liquid-engines.ts';
import { recipientScope } from './recipient-scope.ts';
import { compileTemplatePart } from './template-part.ts';
import { recipientOf } from './test-recipients.ts';

const scope = () => recipientScope(recipientOf({ firstname: 'Ann' }));

/** Renders a hostile template and answers what came back and how long it held the thread. */
function timed(source: string) {
  const startedAt = performance.now();
  const part = compileTemplatePart({ part: 'text', source, engine: textLiquid });
  const rendered = part.render(scope());
  return { ...rendered, parseErrors: part.errors, milliseconds: performance.now() - startedAt };
}

const tooLong = `Rendering took longer than ${LIQUID_LIMITS.renderMilliseconds} ms for one recipient: a loop is too long.`;
const tooMuch = 'The template builds too much: a range, loop or repeated text is too large to render.';

describe('limits on what a template may cost', () => {
  it('stops a range of a hundred million before building it', () => {
    const result = timed('a\n{% for i in (1..100000000) %}x{% endfor %}');
    expect(result.errors).toEqual([{ part: 'text', message: tooMuch, line: 2 }]);
    expect(result.milliseconds).toBeLessThan(100);
  });

  it('stops nested loops on the clock, even with empty bodies', () => {
    const result = timed('{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}');
    expect(result.errors).toEqual([{ part: 'text', message: tooLong, line: 1 }]);
    // Near the limit: liquidjs looks at the clock before every piece of a loop body.
    expect(result.milliseconds).toBeLessThan(LIQUID_LIMITS.renderMilliseconds * 4);
  });

  it('stops a string doubled until it would fill the memory', () => {
    const result = timed(
      '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
    );
    expect(result.errors).toEqual([{ part: 'text', message: tooMuch, line: 1 }]);
    expect(result.milliseconds).toBeLessThan(500);
  });

  it('stops a date format padded to millions of characters', () => {
    const result = timed('{{ "2026-01-01" | date: "%99999999d" }}');
    expect(result.errors).toEqual([{ part: 'text', message: tooMuch, line: 1 }]);
  });

  it('refuses a template longer than the parse limit', () => {
    const result = timed('x'.repeat(LIQUID_LIMITS.parseCharacters + 1));
    expect(result.parseErrors).toEqual([
      { part: 'text', message: 'The template is longer than 2,000,000 characters.' },
    ]);
  });

  it('gives one recipient one budget across the parts of an e-mail', async () => {
    const loop = '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';
    const email = await compileEmailContent({
      subject: loop,
      preheader: loop,
      html: `<p>${loop}</p>`,
      text: loop,
    });
    const startedAt = performance.now();
    const rendered = email.render(recipientOf({ firstname: 'Ann' }));
    const milliseconds = performance.now() - startedAt;
    expect(rendered.errors.map((error) => error.part)).toEqual(['subject', 'preheader', 'html', 'text']);
    // Four parts, one budget: not four times it.
    expect(milliseconds).toBeLessThan(LIQUID_LIMITS.renderMilliseconds * 2.5);
  });
});
