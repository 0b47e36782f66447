import type { TargetFieldType } from '@herald/protocol';
import type { FieldOperator } from './targetDraft.ts';

/**
 * The operators that apply to a field of each type (as validate-target.ts checks them): texts also contain
 * and start with, dates also fall within the last span, booleans are only equal or not.
 */
const OPERATORS_BY_TYPE: Record<TargetFieldType, readonly FieldOperator[]> = {
  text: ['=', '!=', 'contains', 'startswith', 'in', 'isempty', '<', '<=', '>', '>='],
  number: ['=', '!=', '<', '<=', '>', '>=', 'in', 'isempty'],
  date: ['<', '>', '=', '!=', '<=', '>=', 'within', 'in', 'isempty'],
  boolean: ['=', '!=', 'isempty'],
};

export function operatorsFor(type: TargetFieldType | undefined): readonly FieldOperator[] {
  return OPERATORS_BY_TYPE[type ?? 'text'];
}

/** The operator kept when the field changes: the same one if it still applies, else the type's first. */
export function operatorAfterFieldChange(
  current: FieldOperator,
  type: TargetFieldType | undefined,
): FieldOperator {
  const allowed = operatorsFor(type);
  return allowed.includes(current) ? current : (allowed[0] ?? '=');
}
