import { lazyModule } from '../lazy-module.ts';
import type { ContentError } from '@herald/protocol';
import { LIQUID_MARKUP, lineAt } from './liquid-markup.ts';

/** mjml, loaded at the first compile: about half a second of a start otherwise. */
const mjml = lazyModule(() => import('mjml'));

export interface CompiledMjml {
  /** The HTML, with the author's Liquid still in it; empty when the MJML could not be read at all. */
  html: string;
  errors: ContentError[];
}

/**
 * The longest MJML compiled. The compile runs on the server's thread at about 1 ms per KB (365 KB took 0.4 s
 * here); MJML this long already compiles to some 2 MB of HTML, ten times what the size check fails.
 */
export const MJML_MAX_CHARACTERS = 500_000;

/**
 * Compiles an e-mail's MJML to HTML once per content, before any personalization: Liquid survives the
 * compile as text wherever MJML keeps the author's text (mj-text, mj-raw, mj-table, mj-title, mj-preview) or
 * attributes (href, src, alt), so the per-recipient work is Liquid over finished HTML and not an MJML compile
 * (tens of milliseconds) for every recipient. mjml 5's compile is asynchronous.
 *
 * Validation is `soft`: MJML's complaints (an unknown tag, a colour that is not one) are reported with their
 * line and the e-mail still renders, as it would in any MJML editor.
 */
export async function compileMjml(source: string): Promise<CompiledMjml> {
  if (source.length > MJML_MAX_CHARACTERS) {
    const limit = MJML_MAX_CHARACTERS.toLocaleString('en');
    return { html: '', errors: [{ part: 'mjml', message: `The MJML is longer than ${limit} characters.` }] };
  }
  try {
    const { default: mjml2html } = await mjml();
    const result = await mjml2html(source, {
      validationLevel: 'soft',
      // mj-include reads files from the server's disk; content never may (mjml 5 ignores them by default).
      ignoreIncludes: true,
      minify: false,
      beautify: false,
    });
    const errors: ContentError[] = result.errors.map((error) => ({
      part: 'mjml',
      message: error.message.trim(),
      line: error.line,
    }));
    return { html: result.html, errors: [...errors, ...liquidLeftOut(source, result.html)] };
  } catch (error) {
    // The XML parser gives up on some inputs ("Parsing failed. Check your mjml.").
    const reason = error instanceof Error ? error.message : String(error);
    return { html: '', errors: [{ part: 'mjml', message: `The MJML could not be compiled: ${reason}` }] };
  }
}

/**
 * MJML drops text it does not expect: Liquid written between sections, or between a section and its
 * columns, vanishes without a word, and with it an `{% if %}` the author counted on. Every piece of Liquid in
 * the MJML must appear in the HTML; one that does not is reported where it was written.
 */
function liquidLeftOut(mjml: string, html: string): ContentError[] {
  const errors: ContentError[] = [];
  const seen = new Set<string>();
  for (const match of mjml.matchAll(LIQUID_MARKUP)) {
    const markup = match[0];
    if (seen.has(markup)) continue;
    seen.add(markup);
    if (html.includes(markup)) continue;
    errors.push({
      part: 'mjml',
      message: `MJML left out ${markup}: Liquid between sections or columns must sit inside <mj-raw>.`,
      line: lineAt(mjml, match.index),
    });
  }
  return errors;
}
