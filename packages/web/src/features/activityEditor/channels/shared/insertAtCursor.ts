/** A text with `insert` put where the selection was (replacing it), and where the caret goes after it. */
export function insertAtCursor(
  text: string,
  insert: string,
  selectionStart: number | null,
  selectionEnd: number | null,
): { text: string; caret: number } {
  const start = Math.min(Math.max(selectionStart ?? text.length, 0), text.length);
  const end = Math.min(Math.max(selectionEnd ?? start, start), text.length);
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
