import { SCORING_FIELDS, STANDARD_PROFILE_FIELDS } from '../records/subscriber.ts';
import { operatorFitsType, TARGET_OPERATORS_BY_TYPE, targetOperatorText } from './field-operators.ts';
import type { TargetFieldOperator } from './field-operators.ts';
import type { TargetFieldCondition, TargetNode, TargetValue } from './tree.ts';

/**
 * Whether a well-formed target makes sense for one organization: the fields, lists, audiences, tags and
 * partitions it names exist there, and each field is compared with a value of its type. The parser cannot
 * know this (the same text is sound in one organization and not in another); the server checks it before it
 * stores or compiles a target, the console while a person types.
 */

export type TargetFieldType = 'text' | 'number' | 'boolean' | 'date';

/** What an organization has that a target may name. */
export interface TargetCatalogue {
  /** By lowercase name as written in expressions: `country`, `engagement_frequency`, `custom.loyalty_tier`. */
  fields: ReadonlyMap<string, TargetFieldType>;
  listIds: ReadonlySet<number>;
  audienceIds: ReadonlySet<number>;
  tagIds: ReadonlySet<number>;
  partitionIds: ReadonlySet<number>;
}

const STANDARD_FIELD_TYPES: Partial<Record<string, TargetFieldType>> = {
  dob: 'date',
  resume_date: 'date',
  is_invalid: 'boolean',
  is_unsubscribed: 'boolean',
  cluster_id: 'number',
};

/**
 * The fields every organization has: the standard profile fields and the scoring fields. `extra` is left out:
 * it holds a JSON object, which no comparison of the language applies to.
 */
export function standardTargetFields(): Map<string, TargetFieldType> {
  const fields = new Map<string, TargetFieldType>();
  for (const field of STANDARD_PROFILE_FIELDS) {
    if (field !== 'extra') fields.set(field, STANDARD_FIELD_TYPES[field] ?? 'text');
  }
  for (const field of SCORING_FIELDS) fields.set(field, 'number');
  return fields;
}

/** Human messages, one per distinct problem, in the order of the expression; empty when the target is sound. */
export function validateTarget(tree: TargetNode, catalogue: TargetCatalogue): string[] {
  const messages = new Set<string>();
  visit(tree, catalogue, messages);
  return [...messages];
}

function visit(node: TargetNode, catalogue: TargetCatalogue, messages: Set<string>): void {
  switch (node.type) {
    case 'and':
    case 'or':
      for (const item of node.items) visit(item, catalogue, messages);
      return;
    case 'not':
      visit(node.item, catalogue, messages);
      return;
    case 'list':
      if (!catalogue.listIds.has(node.listId)) messages.add(`List ${node.listId} does not exist`);
      return;
    case 'audience':
      if (!catalogue.audienceIds.has(node.audienceId))
        messages.add(`Audience ${node.audienceId} does not exist`);
      return;
    case 'tag':
      if (!catalogue.tagIds.has(node.tagId)) messages.add(`Tag ${node.tagId} does not exist`);
      return;
    case 'partition':
      if (!catalogue.partitionIds.has(node.partitionId)) {
        messages.add(`Partition ${node.partitionId} does not exist`);
      }
      return;
    case 'event':
      // Activity and campaign ids are checked where events are compiled, against the organization's campaigns.
      return;
    case 'field':
      checkField(node, catalogue, messages);
      return;
  }
}

function checkField(
  condition: TargetFieldCondition,
  catalogue: TargetCatalogue,
  messages: Set<string>,
): void {
  const type = catalogue.fields.get(condition.field.toLowerCase());
  if (type === undefined) {
    messages.add(`"${condition.field}" is not a field of this organization`);
    return;
  }
  if (!operatorFitsType(condition.op, type)) {
    messages.add(wrongOperator(condition.field, condition.op, type));
    return;
  }
  switch (condition.op) {
    case 'isempty':
    case 'within':
      return;
    case 'contains':
    case 'startswith':
      // Only texts take these (TARGET_OPERATORS_BY_TYPE), and the tree's schema holds their value to a text.
      return;
    case 'in':
      if (!condition.values.every((value) => valueFits(value, type))) {
        messages.add(wrongValue(condition.field, type));
      }
      return;
    default:
      if (!valueFits(condition.value, type)) messages.add(wrongValue(condition.field, type));
  }
}

function valueFits(value: TargetValue, type: TargetFieldType): boolean {
  switch (type) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'object';
  }
}

function wrongValue(field: string, type: TargetFieldType): string {
  switch (type) {
    case 'text':
      return `${field} is text: compare it with a text in double quotes such as "AU"`;
    case 'number':
      return `${field} is a number: compare it with a number`;
    case 'boolean':
      return `${field} is true or false: compare it with true or false`;
    case 'date':
      return `${field} is a date: compare it with a date such as 2000-01-01`;
  }
}

const TYPE_WORDS: Record<TargetFieldType, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date',
};

/** `country is text: "<" does not apply to it (use =, !=, contains, startswith, in or is empty)`. */
function wrongOperator(field: string, op: TargetFieldOperator, type: TargetFieldType): string {
  const fitting = TARGET_OPERATORS_BY_TYPE[type].map(targetOperatorText);
  const choices = `${fitting.slice(0, -1).join(', ')} or ${fitting.at(-1) ?? ''}`;
  return `${field} is ${TYPE_WORDS[type]}: "${targetOperatorText(op)}" does not apply to it (use ${choices})`;
}
