/** One column of the export dialog: whether it goes into the file, in the list's order. */
export interface ColumnChoice {
  column: string;
  included: boolean;
}

/**
 * The dialog's first choice: every column the export can have, in the contract's order (e-mail first),
 * the commonly wanted ones ticked and the bookkeeping ones (ids of partitions, creation times) left out.
 */
export function initialColumnChoice(available: readonly string[]): ColumnChoice[] {
  return available.map((column) => ({ column, included: !UNTICKED_BY_DEFAULT.has(column) }));
}

const UNTICKED_BY_DEFAULT: ReadonlySet<string> = new Set([
  'cluster_id',
  'extra',
  'notifications',
  'partition_ids',
  'created_at',
  'updated_at',
]);

/** The column at `from` moved to `to` (drag and drop, or a keyboard move); out-of-range moves change nothing. */
export function moveColumn(choice: readonly ColumnChoice[], from: number, to: number): ColumnChoice[] {
  if (from === to || from < 0 || to < 0 || from >= choice.length || to >= choice.length) return [...choice];
  const next = [...choice];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

export function toggleColumn(
  choice: readonly ColumnChoice[],
  index: number,
  included: boolean,
): ColumnChoice[] {
  return choice.map((entry, at) => (at === index ? { ...entry, included } : entry));
}

export function setAllColumns(choice: readonly ColumnChoice[], included: boolean): ColumnChoice[] {
  return choice.map((entry) => ({ ...entry, included }));
}

/** requestExport's `params.fields`: the ticked columns in the chosen order. */
export function chosenFields(choice: readonly ColumnChoice[]): string[] {
  return choice.filter((entry) => entry.included).map((entry) => entry.column);
}
