import type { TargetFieldCondition } from './tree.ts';
import type { TargetFieldType } from './validate-target.ts';

/** An operator of a field condition, as the tree names it (`isempty` is written "is empty" in text). */
export type TargetFieldOperator = TargetFieldCondition['op'];

/**
 * The one declaration of which operators fit a field of each type: the console offers these, and the server
 * refuses any other (validate-target.ts). Texts have no order a marketer means ("less than" on a country is
 * alphabetical, never what was meant); dates also fall within the last span; true and false are only equal
 * or not. The order is the order the console lists them in.
 */
export const TARGET_OPERATORS_BY_TYPE: Readonly<Record<TargetFieldType, readonly TargetFieldOperator[]>> = {
  text: ['=', '!=', 'contains', 'startswith', 'in', 'isempty'],
  number: ['=', '!=', '<', '<=', '>', '>=', 'in', 'isempty'],
  date: ['<', '<=', '>', '>=', '=', '!=', 'within', 'in', 'isempty'],
  boolean: ['=', '!=', 'isempty'],
};

export function operatorFitsType(op: TargetFieldOperator, type: TargetFieldType): boolean {
  return TARGET_OPERATORS_BY_TYPE[type].includes(op);
}

/** How the text form writes an operator, for messages. */
export function targetOperatorText(op: TargetFieldOperator): string {
  return op === 'isempty' ? 'is empty' : op;
}
