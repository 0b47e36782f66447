import type { ContentError, EmailContent } from '@herald/protocol';
import { htmlToText } from './html-to-text.ts';
import { lineAt } from './liquid-markup.ts';
import { htmlLiquid, LIQUID_LIMITS, textLiquid } from './liquid-engines.ts';
import { compileMjml } from './mjml-to-html.ts';
import { withPreheaderSlot } from './preheader.ts';
import { recipientScope, type Recipient } from './recipient-scope.ts';
import { compileTemplatePart, type CompiledPart, type LineOfToken } from './template-part.ts';

/** One recipient's e-mail: PROTOCOL §7 renderPreview's result. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** UTF-8 bytes of the HTML, what the size check weighs (functional §5: 100K warns, 200K fails). */
  sizeBytes: number;
  /** The content's own problems (the same for every recipient) and this recipient's render problems. */
  errors: ContentError[];
}

/** An e-mail's content made ready once, to be rendered for any number of recipients. */
export interface CompiledEmail {
  /** What was found compiling: MJML's complaints and Liquid that does not parse. */
  readonly errors: readonly ContentError[];
  /** Renders for one recipient; never throws (a template error is in `errors`). */
  render(recipient: Recipient): RenderedEmail;
}

interface CompiledBody {
  template: CompiledPart;
  /** The body's HTML before personalization, which the text part is derived from. */
  html: string;
  /** Whether the body's Liquid parsed; a derived text part fails with it and says nothing of its own then. */
  parsed: boolean;
}

/**
 * Compiles an e-mail once: MJML to HTML (the one asynchronous, costly step), then every part parsed by
 * Liquid. What the delivery engine keeps per revision and renders per recipient, in order: the subject, the
 * preheader (which the body shows, escaped), the body, the text part.
 */
export async function compileEmailContent(content: EmailContent): Promise<CompiledEmail> {
  const errors: ContentError[] = [];
  const preheaderSource = content.preheader?.trim() ? content.preheader : undefined;
  const subject = compileTemplatePart({ part: 'subject', source: content.subject, engine: textLiquid });
  errors.push(...subject.errors);
  const preheader =
    preheaderSource === undefined
      ? undefined
      : compileTemplatePart({ part: 'preheader', source: preheaderSource, engine: textLiquid });
  errors.push(...(preheader?.errors ?? []));
  const body = await compileBody(content, preheader !== undefined, errors);

  const textIsDerived = content.text === undefined;
  const text = textIsDerived
    ? // Its lines are the converter's, not the author's: a line number would point at nothing they wrote.
      compileTemplatePart({
        part: 'text',
        source: htmlToText(body.html),
        engine: textLiquid,
        lineOf: () => undefined,
      })
    : compileTemplatePart({ part: 'text', source: content.text ?? '', engine: textLiquid });
  if (!textIsDerived || body.parsed) errors.push(...text.errors);

  return {
    errors,
    render(recipient) {
      const startedAt = performance.now();
      // One budget for the recipient, shared by the parts in turn, so four parts cannot take four times it.
      const budget = () => LIQUID_LIMITS.renderMilliseconds - (performance.now() - startedAt);
      const scope = recipientScope(recipient);
      const renderedSubject = subject.render(scope, budget());
      const renderErrors = [...renderedSubject.errors];
      if (preheader) {
        const renderedPreheader = preheader.render(scope, budget());
        renderErrors.push(...renderedPreheader.errors);
        scope.preheader = oneLine(renderedPreheader.output);
      }
      const html = body.template.render(scope, budget());
      renderErrors.push(...html.errors);
      const renderedText = text.render(scope, budget());
      // A derived text part's Liquid tags stand on lines of their own and render empty, leaving blank runs.
      const textOutput = textIsDerived ? renderedText.output.replace(/\n{3,}/g, '\n\n') : renderedText.output;
      // A derived text part fails for the reason the body did; saying it twice helps nobody.
      if (!textIsDerived || html.errors.length === 0) renderErrors.push(...renderedText.errors);
      return {
        // A subject is one header line, whatever a loop or a field with a line break made of it.
        subject: oneLine(renderedSubject.output),
        html: html.output,
        text: textOutput,
        sizeBytes: Buffer.byteLength(html.output, 'utf8'),
        errors: renderErrors.length === 0 ? [...errors] : [...errors, ...renderErrors],
      };
    },
  };
}

async function compileBody(
  content: EmailContent,
  hasPreheader: boolean,
  errors: ContentError[],
): Promise<CompiledBody> {
  const slotted = (html: string) => (hasPreheader ? withPreheaderSlot(html) : html);
  if (content.mjml !== undefined) {
    if (content.html !== undefined) {
      errors.push({ part: 'html', message: 'An e-mail has MJML or HTML, not both: the MJML is used.' });
    }
    const mjml = content.mjml;
    // Liquid is checked against the MJML as written first, so a mistake is reported on the author's line.
    const syntax = compileTemplatePart({ part: 'mjml', source: mjml, engine: htmlLiquid });
    errors.push(...syntax.errors);
    const compiled = await compileMjml(mjml);
    errors.push(...compiled.errors);
    const template = compileTemplatePart({
      part: 'mjml',
      source: slotted(compiled.html),
      fallback: compiled.html,
      engine: htmlLiquid,
      lineOf: lineInWrittenText(mjml),
    });
    // The HTML fails to parse after the MJML did only if MJML moved or dropped Liquid: say so then.
    if (syntax.errors.length === 0) errors.push(...template.errors);
    return { template, html: compiled.html, parsed: template.errors.length === 0 };
  }
  if (content.html === undefined) errors.push({ part: 'html', message: 'An e-mail needs MJML or HTML.' });
  const html = content.html ?? '';
  const template = compileTemplatePart({
    part: 'html',
    source: slotted(html),
    fallback: html,
    engine: htmlLiquid,
  });
  errors.push(...template.errors);
  return { template, html, parsed: template.errors.length === 0 };
}

/**
 * The line of a failing tag in the MJML the author wrote, found by its text: the tag failed in the compiled
 * HTML, whose lines mean nothing to them. A tag MJML rewrote is not found, and then no line is given.
 */
function lineInWrittenText(written: string): LineOfToken {
  return (token) => {
    const at = written.indexOf(token.getText());
    return at === -1 ? undefined : lineAt(written, at);
  };
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
