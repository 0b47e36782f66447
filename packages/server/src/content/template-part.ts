import { LiquidError, type Liquid, type Template, type Token } from 'liquidjs';
import type { ContentError, ContentPart } from '@herald/protocol';
import { LIQUID_LIMITS } from './liquid-engines.ts';
import type { LiquidScope } from './recipient-scope.ts';

/** Where a Liquid token stands in the text the author wrote, when that can be told. */
export type LineOfToken = (token: Token) => number | undefined;

/** The default: the token's own line, for a part rendered from exactly what the author wrote. */
export const lineInTemplate: LineOfToken = (token) => token.getPosition()[0];

export interface RenderedPart {
  output: string;
  errors: ContentError[];
}

/** One part of a content (subject, body, text…), parsed once and rendered per recipient. */
export interface CompiledPart {
  /** Problems found when parsing; a part that did not parse renders as written. */
  readonly errors: readonly ContentError[];
  /** Renders for one recipient within `budgetMilliseconds`; never throws. */
  render(scope: LiquidScope, budgetMilliseconds?: number): RenderedPart;
}

export interface PartSource {
  part: ContentPart;
  /** The template Liquid parses. */
  source: string;
  engine: Liquid;
  /** What the part shows when it cannot be rendered; the source unless the caller added to it. */
  fallback?: string;
  lineOf?: LineOfToken;
}

/**
 * Parses a part once. A template error is a value here, never an exception: PROTOCOL §7 reports it in
 * renderPreview's `errors`, and the delivery engine must be able to tell one recipient's failure from a crash.
 * A part that fails shows its text as written, so a preview still shows the e-mail and the mistake in place.
 */
export function compileTemplatePart({
  part,
  source,
  engine,
  fallback = source,
  lineOf = lineInTemplate,
}: PartSource): CompiledPart {
  let templates: Template[];
  try {
    templates = engine.parse(source);
  } catch (error) {
    const errors = [templateError(part, error, lineOf)];
    return { errors, render: () => ({ output: fallback, errors: [] }) };
  }
  return {
    errors: [],
    render(scope, budgetMilliseconds = LIQUID_LIMITS.renderMilliseconds) {
      try {
        // renderSync: every tag and filter Herald allows is synchronous, and the async path would add a
        // promise per template piece to every recipient's render.
        const output: unknown = engine.renderSync(templates, scope, {
          renderLimit: Math.max(1, budgetMilliseconds),
        });
        return { output: String(output), errors: [] };
      } catch (error) {
        return { output: fallback, errors: [templateError(part, error, lineOf)] };
      }
    },
  };
}

/** liquidjs's own wording for its limits, said in the author's terms. */
const LIMIT_MESSAGES: Record<string, string> = {
  'template render limit exceeded': `Rendering took longer than ${LIQUID_LIMITS.renderMilliseconds} ms for one recipient: a loop is too long.`,
  'memory alloc limit exceeded':
    'The template builds too much: a range, loop or repeated text is too large to render.',
  'parse length limit exceeded': `The template is longer than ${LIQUID_LIMITS.parseCharacters.toLocaleString('en')} characters.`,
};

/** Turns whatever a parse or render threw into an `errors` entry. */
export function templateError(part: ContentPart, error: unknown, lineOf: LineOfToken): ContentError {
  // liquidjs appends ", line:2, col:7" (and ", file:…") to its messages; the line travels on its own. The
  // parse limit is checked before there is a token, so it arrives as a bare assertion; and a string grown past
  // what V8 can hold is a plain RangeError. Both are still the template's doing.
  const raw = error instanceof Error ? error.message : String(error);
  const bare = raw.replace(/(, file:.*?)?, line:\d+, col:\d+$/, '');
  const message = LIMIT_MESSAGES[bare] ?? bare;
  // For a limit, the token is the tag that was running when it ran out: the loop to look at.
  const line = LiquidError.is(error) && error.token ? lineOf(error.token) : undefined;
  return line === undefined ? { part, message } : { part, message, line };
}
