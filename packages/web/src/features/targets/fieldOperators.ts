import { TARGET_OPERATORS_BY_TYPE } from '@herald/protocol';
import type { TargetFieldType } from '@herald/protocol';
import type { FieldOperator } from './targetDraft.ts';

/**
 * The operators offered for a field of a type: the contract's one declaration (TARGET_OPERATORS_BY_TYPE),
 * which the server also holds a target to. A field of unknown type is offered a text's.
 */
export function operatorsFor(type: TargetFieldType | undefined): readonly FieldOperator[] {
  return TARGET_OPERATORS_BY_TYPE[type ?? 'text'];
}

/** The operator kept when the field changes: the same one if it still applies, else the type's first. */
export function operatorAfterFieldChange(
  current: FieldOperator,
  type: TargetFieldType | undefined,
): FieldOperator {
  const allowed = operatorsFor(type);
  return allowed.includes(current) ? current : (allowed[0] ?? '=');
}
