import { parseTarget, printTarget } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';

/** Where a parse error is, as a person reads the textarea: 1-based line and column, and that line's text. */
export interface TextPlace {
  line: number;
  column: number;
  lineText: string;
}

/** The line and column of a 0-based character offset (the parser's `position`) in a text of several lines. */
export function placeOf(text: string, position: number): TextPlace {
  const offset = Math.max(0, Math.min(position, text.length));
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = text.indexOf('\n', offset);
  return {
    line: before.split('\n').length,
    column: offset - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd),
  };
}

/**
 * The marker under a parse error: spaces up to the column, then a caret. Tabs are kept as tabs so the caret
 * lines up under a line indented with them.
 */
export function caretLine(place: TextPlace): string {
  const lead = place.lineText.slice(0, place.column - 1).replace(/[^\t]/g, ' ');
  return `${lead}^`;
}

/** What the text mode makes of its text: a tree, nothing (an empty text), or a parse error with its place. */
export type TextReading =
  { ok: true; tree: TargetNode | null } | { ok: false; position: number; message: string; place: TextPlace };

export function readTargetText(text: string): TextReading {
  if (text.trim() === '') return { ok: true, tree: null };
  const parsed = parseTarget(text);
  if (parsed.ok) return { ok: true, tree: parsed.tree };
  return {
    ok: false,
    position: parsed.position,
    message: parsed.message,
    place: placeOf(text, parsed.position),
  };
}

/** The canonical text of a tree, empty for none. */
export function targetText(tree: TargetNode | null): string {
  return tree === null ? '' : printTarget(tree);
}

/** Whether two trees are the same target (their canonical texts agree). */
export function sameTarget(a: TargetNode | null, b: TargetNode | null): boolean {
  return targetText(a) === targetText(b);
}
