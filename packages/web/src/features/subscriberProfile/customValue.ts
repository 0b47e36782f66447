import type { CustomFieldRecord } from '@herald/protocol';

export type CustomValue = string | number | boolean | null;

/** Why a typed value is refused, as a locale-key suffix under subscriber.valueErrors. */
export type CustomValueError = 'notNumber' | 'notDate' | 'notBoolean' | 'notAllowed' | 'noMatch';

type FieldRules = Pick<CustomFieldRecord, 'schema' | 'validationRegex'>;

/**
 * A custom field's value as typed on the profile, checked against the field's schema (data type, allowed
 * values) and validation regex: the value to send, or why it is refused. Empty clears the value.
 */
export function parseCustomValue(
  text: string,
  field: FieldRules,
): { value: CustomValue } | { error: CustomValueError } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const allowed = field.schema.values ?? [];
  if (allowed.length > 0 && !allowed.includes(trimmed)) return { error: 'notAllowed' };
  if (field.validationRegex && !matches(field.validationRegex, trimmed)) return { error: 'noMatch' };
  switch (field.schema.dataType) {
    case 'number': {
      const value = Number(trimmed);
      return Number.isFinite(value) ? { value } : { error: 'notNumber' };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) && !Number.isNaN(Date.parse(trimmed))
        ? { value: trimmed }
        : { error: 'notDate' };
    case 'boolean':
      if (trimmed === 'true') return { value: true };
      if (trimmed === 'false') return { value: false };
      return { error: 'notBoolean' };
    default:
      return { value: trimmed };
  }
}

/** A pattern that does not compile checks nothing here; the server judges it. */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return true;
  }
}

/** A stored value as the form shows it. */
export function customValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose typed text differs from what is stored: the `custom` of updateSubscriber. */
export function changedCustomValues(
  stored: Record<string, unknown>,
  values: Record<string, CustomValue>,
): Record<string, CustomValue> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([name, value]) => customValueText(stored[name]) !== customValueText(value),
    ),
  );
}
