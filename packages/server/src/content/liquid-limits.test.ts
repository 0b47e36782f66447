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
    // Refused before building: a loaded machine's bound, far below the seconds building it would take.
    expect(result.milliseconds).toBeLessThan(2_000);
  });

  it('stops nested loops on the clock, even with empty bodies', () => {
    const result = timed('{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}');
    expect(result.errors).toEqual([{ part: 'text', message: tooLong, line: 1 }]);
    // The error is the clock's; liquidjs looks at it before every piece of a loop body. How near the limit it
    // stops is measured by `npm run bench render`, not here.
  });

  it('stops a string doubled until it would fill the memory', () => {
    const result = timed(
      '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
    );
    expect(result.errors).toEqual([{ part: 'text', message: tooMuch, line: 1 }]);
    expect(result.milliseconds).toBeLessThan(5_000);
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
    // Four parts, one budget: not four times it. Counted in this process's CPU time, which another worker on
    // the machine does not stretch; a budget per part would spend about four budgets of it.
    const startedAt = process.cpuUsage();
    const rendered = email.render(recipientOf({ firstname: 'Ann' }));
    const used = process.cpuUsage(startedAt);
    expect(rendered.errors.map((error) => error.part)).toEqual(['subject', 'preheader', 'html', 'text']);
    expect((used.user + used.system) / 1000).toBeLessThan(LIQUID_LIMITS.renderMilliseconds * 2.5);
  });
});
