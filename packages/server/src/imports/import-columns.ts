import { HeraldError, IMPORTABLE_PROFILE_FIELDS, type ValidationDetail } from '@herald/protocol';
import { subscriberFieldRules, type CustomFieldRule } from '../subscribers/custom-values.ts';

export type ImportableProfileField = (typeof IMPORTABLE_PROFILE_FIELDS)[number];

/** What a subscriber custom field accepts (subscribers/custom-values.ts reads the definitions). */
export type ImportCustomField = CustomFieldRule;

/** Where one column goes: a standard profile field, a custom field, or nowhere (null). */
export type ImportColumn =
  | { kind: 'profile'; field: ImportableProfileField; label: string }
  | { kind: 'custom'; customField: ImportCustomField; label: string }
  | null;

const PROFILE_FIELDS: ReadonlySet<string> = new Set(IMPORTABLE_PROFILE_FIELDS);

/** The organization's subscriber custom fields that are not deleted, by lower-cased name. */
export const importCustomFieldsOf = subscriberFieldRules;

/**
 * Checks an import's `fields` (one target per column) and answers each column's target. Every name must be
 * an importable profile field or `custom.<field>` of an existing subscriber field; no target may be named
 * twice; e-mail or ref must be mapped, since they are what an imported row is matched by. Refusals are
 * ValidationError with the path `fields.N` (or `fields` for the missing key).
 */
export function planImportColumns(
  fields: readonly (string | null)[],
  customFields: ReadonlyMap<string, ImportCustomField>,
): ImportColumn[] {
  const details: ValidationDetail[] = [];
  const seen = new Set<string>();
  const columns = fields.map((name, index): ImportColumn => {
    if (name === null) return null;
    const path = `fields.${index}`;
    const trimmed = name.trim();
    let column: ImportColumn = null;
    if (trimmed.toLowerCase().startsWith('custom.')) {
      const customField = customFields.get(trimmed.slice('custom.'.length).toLowerCase());
      if (customField) column = { kind: 'custom', customField, label: `custom.${customField.field}` };
      else details.push({ path, message: `"${trimmed}" is not a subscriber custom field` });
    } else if (PROFILE_FIELDS.has(trimmed)) {
      column = { kind: 'profile', field: trimmed as ImportableProfileField, label: trimmed };
    } else {
      details.push({ path, message: `"${trimmed}" is not a field an import can write` });
    }
    if (column) {
      const key = column.label.toLowerCase();
      if (seen.has(key))
        details.push({ path, message: `"${column.label}" is mapped to more than one column` });
      seen.add(key);
    }
    return column;
  });
  if (!seen.has('email') && !seen.has('ref'))
    details.push({ path: 'fields', message: 'Map a column to email or ref: rows are matched by them' });
  if (details.length > 0) throw new HeraldError('ValidationError', { details });
  return columns;
}
