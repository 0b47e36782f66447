/** A change's value as a person reads it: text as written, anything else as indented JSON; absent is null. */
export function changeValueText(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/**
 * The two revisions to compare from the ones ticked (at most two): the older as "before", the newer as
 * "after", whatever order they were ticked in; null until two are.
 */
export function comparisonPair(
  selected: readonly number[],
): { fromRevisionId: number; toRevisionId: number } | null {
  if (selected.length !== 2) return null;
  const [a, b] = selected as [number, number];
  return a === b ? null : { fromRevisionId: Math.min(a, b), toRevisionId: Math.max(a, b) };
}

/** Ticking a revision for comparison: a third tick lets go of the oldest tick, so two stay ticked. */
export function toggleSelection(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((one) => one !== id);
  return [...selected, id].slice(-2);
}

/** The sign a diff line carries beside its colour, so the change reads without colour too. */
export function diffSign(kind: 'same' | 'removed' | 'added'): string {
  return kind === 'removed' ? '−' : kind === 'added' ? '+' : ' ';
}
