/**
 * Liquid markup found by pattern, for the two places that must see it without parsing it: the MJML check
 * (did the compile keep every tag?) and the text part derived from HTML (keep tags whole, wherever they sit).
 * liquidjs parses the same text for real; a `}}` inside a quoted string would end a match early here, which
 * at worst makes those two less helpful, never the render wrong.
 */
export const LIQUID_MARKUP = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/** The 1-based line of a position in a text. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (
    let position = text.indexOf('\n');
    position !== -1 && position < index;
    position = text.indexOf('\n', position + 1)
  ) {
    line += 1;
  }
  return line;
}
