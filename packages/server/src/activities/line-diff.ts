import type { DiffLine } from '@herald/protocol';

/**
 * Above this many cells (changed lines before × changed lines after) the table of common lines would cost too
 * much memory and time; the changed block is then shown as taken out and put in whole, which is still a true
 * diff, only not the shortest.
 */
const MAX_TABLE_CELLS = 4_000_000;

export interface LineDiff {
  lines: DiffLine[];
  /** The diff had more than `maxEntries` entries and was cut there. */
  truncated: boolean;
}

/**
 * A line diff of two texts, by their longest common run of lines (the classic LCS table over the part between
 * the common first and last lines), as a reader goes through it: removals before the additions that replace
 * them. At most `maxEntries` entries.
 */
export function diffLines(before: string, after: string, maxEntries: number): LineDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const entries: DiffLine[] = [];
  for (let i = 0; i < start; i++) entries.push({ kind: 'same', text: a[i]! });
  entries.push(...diffMiddle(a.slice(start, endA), b.slice(start, endB)));
  for (let i = endA; i < a.length; i++) entries.push({ kind: 'same', text: a[i]! });
  return entries.length > maxEntries
    ? { lines: entries.slice(0, maxEntries), truncated: true }
    : { lines: entries, truncated: false };
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/\r?\n/);
}

function diffMiddle(a: readonly string[], b: readonly string[]): DiffLine[] {
  const removedAll = a.map((text): DiffLine => ({ kind: 'removed', text }));
  const addedAll = b.map((text): DiffLine => ({ kind: 'added', text }));
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_TABLE_CELLS)
    return [...removedAll, ...addedAll];
  // common[i * width + j]: the longest common run of lines of a[i…] and b[j…]. Its values are at most
  // min(a.length, b.length) ≤ 2,000 (the cell limit), so 16 bits hold them.
  const width = b.length + 1;
  const common = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] =
        a[i] === b[j]
          ? common[(i + 1) * width + j + 1]! + 1
          : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!)
      lines.push({ kind: 'removed', text: a[i++]! });
    else lines.push({ kind: 'added', text: b[j++]! });
  }
  while (i < a.length) lines.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) lines.push({ kind: 'added', text: b[j++]! });
  return lines;
}
