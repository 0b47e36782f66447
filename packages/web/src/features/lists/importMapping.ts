import { IMPORTABLE_PROFILE_FIELDS } from '@herald/protocol';

/** An import's list option (bulkWriteSubscribers options.listOption): the members' communication preference. */
export type ImportListOption = 'optin' | 'optout';

/** A column's target: a standard profile field, `custom.<field>`, or null to skip the column. */
export type ColumnTarget = string | null;

/** The Select's value for "skip this column" (a Select value cannot be null). */
export const SKIP_COLUMN = '__skip';

/** Every target a column may map to: the importable profile fields, then the subscriber custom fields. */
export function importTargets(customFields: readonly string[]): string[] {
  return [...IMPORTABLE_PROFILE_FIELDS, ...customFields.map((field) => `custom.${field}`)];
}

/**
 * The first mapping offered: the server's suggestion for each column when it is a target this organization
 * has, each target used once (the first column suggesting it keeps it), the rest skipped.
 */
export function initialMapping(
  suggested: ReadonlyArray<string | null>,
  targets: readonly string[],
): ColumnTarget[] {
  const known = new Set(targets);
  const used = new Set<string>();
  return suggested.map((field) => {
    if (field === null || !known.has(field) || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** A custom field as the mapping step matches headers against it: its name and its label (description). */
export interface SuggestableField {
  field: string;
  description: string;
}

/**
 * A header or a field's name as compared for suggestions: accents, case, spaces, underscores, hyphens and
 * other punctuation dropped ("Loyalty Tier", "loyalty_tier" and "LOYALTY-TIER" all read "loyaltytier").
 */
export function comparableName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^\s*custom\./, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The custom field a header names, by the field's name first, else by its label; null when none does. */
export function customFieldForHeader(header: string, fields: readonly SuggestableField[]): string | null {
  const key = comparableName(header);
  if (key === '') return null;
  const byName = fields.find((field) => comparableName(field.field) === key);
  if (byName) return byName.field;
  const byLabel = fields.find(
    (field) => field.description !== '' && comparableName(field.description) === key,
  );
  return byLabel?.field ?? null;
}

/**
 * The mapping with suggestions filled in where a column is skipped and the user has not chosen for it: the
 * server's suggestion when it is a target the organization has, else the custom field the header names.
 * Run again when the custom fields arrive or one is created, so a suggestion is never lost to timing. Each
 * target is used once.
 */
export function suggestMapping(
  header: readonly string[],
  suggested: ReadonlyArray<string | null>,
  targets: readonly string[],
  fields: readonly SuggestableField[],
  current: readonly ColumnTarget[],
  chosenByUser: ReadonlySet<number>,
): ColumnTarget[] {
  const known = new Set(targets);
  const used = new Set(current.filter((target): target is string => target !== null));
  return header.map((name, index) => {
    const now = current[index] ?? null;
    if (now !== null || chosenByUser.has(index)) return now;
    const server = suggested[index] ?? null;
    const custom = customFieldForHeader(name, fields);
    const candidate =
      server !== null && known.has(server) ? server : custom === null ? null : `custom.${custom}`;
    if (candidate === null || !known.has(candidate) || used.has(candidate)) return null;
    used.add(candidate);
    return candidate;
  });
}

/**
 * A new custom field's name from a column header: lower-case letters, digits and underscores, starting with
 * a letter ("Loyalty Tier" → "loyalty_tier"); empty when the header has nothing of the kind.
 */
export function fieldNameForHeader(header: string): string {
  const name = header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') return '';
  return (/^[a-z]/.test(name) ? name : `field_${name}`).slice(0, 63);
}

/** Sets one column's target; another column that had the same target is skipped, so none is mapped twice. */
export function changeMapping(mapping: readonly ColumnTarget[], column: number, target: ColumnTarget) {
  return mapping.map((current, index) => {
    if (index === column) return target;
    return target !== null && current === target ? null : current;
  });
}

export type MappingProblem = 'nothingMapped' | 'duplicateTarget';

/** What stops the mapping from being imported (empty when it can be). */
export function mappingProblems(mapping: readonly ColumnTarget[]): MappingProblem[] {
  const mapped = mapping.filter((target): target is string => target !== null);
  const problems: MappingProblem[] = [];
  if (mapped.length === 0) problems.push('nothingMapped');
  if (new Set(mapped).size !== mapped.length) problems.push('duplicateTarget');
  return problems;
}

/** Subscribers are matched by e-mail, else ref: without either mapped, every row makes a new subscriber. */
export function mapsMatchingKey(mapping: readonly ColumnTarget[]): boolean {
  return mapping.includes('email') || mapping.includes('ref');
}

/** The preview table: the mapped columns' targets and each sample row's values under them. */
export function previewOfMapping(
  mapping: readonly ColumnTarget[],
  rows: ReadonlyArray<readonly string[]>,
): { targets: string[]; rows: string[][] } {
  const columns = mapping.flatMap((target, index) => (target === null ? [] : [{ target, index }]));
  return {
    targets: columns.map((column) => column.target),
    rows: rows.map((row) => columns.map((column) => row[column.index] ?? '')),
  };
}

/** One reading of a job's progress, for its speed. */
export interface ProgressSample {
  at: number;
  done: number;
}

/** Rows per second between the first and the last reading, or null until there are two apart in time. */
export function rowsPerSecond(samples: readonly ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at <= first.at) return null;
  return Math.max(0, ((last.done - first.done) * 1000) / (last.at - first.at));
}

/** The progress bar's percentage, 0–100; unknown while the total is not known. */
export function progressPercent(progress: { done: number; total: number | null }): number | null {
  if (progress.total === null) return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.max(0, (progress.done * 100) / progress.total));
}

/** An import job's outcome as its `result` reports it (PROTOCOL §5), missing counts read as 0. */
export interface ImportOutcome {
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
  rejectedReport: string | null;
}

export function importOutcomeOf(result: Record<string, unknown> | undefined): ImportOutcome {
  const count = (name: string) => {
    const value = result?.[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };
  const report = result?.rejectedReport;
  return {
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    rejected: count('rejected'),
    rejectedReport: typeof report === 'string' && report !== '' ? report : null,
  };
}
