import { TARGET_TIME_UNITS } from '@herald/protocol';
import type {
  TargetComparison,
  TargetEventCondition,
  TargetEventKind,
  TargetFieldType,
  TargetListState,
  TargetNode,
  TargetSpan,
  TargetTimeUnit,
  TargetValue,
} from '@herald/protocol';

/**
 * The visual builder's working copy of a target. A target tree cannot hold what a person has half built (a
 * group with one condition, a list condition before the list is chosen), so the builder edits this draft and
 * turns it into a tree after each change; conditions not yet complete are left out of the tree.
 */

/** The kinds of condition the builder offers, in the order of its picker. */
export const CONDITION_KINDS = ['list', 'audience', 'tag', 'partition', 'field', 'event'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** What a field can be compared with, as the builder names the operators. */
export const FIELD_OPERATORS = [
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'contains',
  'startswith',
  'isempty',
  'in',
  'within',
] as const;
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

export interface FieldDraft {
  field: string;
  op: FieldOperator;
  /** The value as typed: a number, a date as YYYY-MM-DD, true or false, or a text. */
  value: string;
  /** The values of `in`, as typed. */
  values: string[];
  span: SpanDraft;
}

export interface SpanDraft {
  amount: number | null;
  unit: TargetTimeUnit;
}

export interface EventDraft {
  event: TargetEventKind;
  activityId: number | null;
  campaignId: number | null;
  atLeast: number | null;
  within: SpanDraft;
  after: string;
  before: string;
}

export type ConditionDraft =
  | { kind: 'list'; listId: number | null; state: TargetListState }
  | { kind: 'audience'; audienceId: number | null }
  | { kind: 'tag'; tagId: number | null }
  | { kind: 'partition'; partitionId: number | null }
  | ({ kind: 'field' } & FieldDraft)
  | ({ kind: 'event' } & EventDraft);

export interface DraftCondition {
  type: 'condition';
  key: string;
  negated: boolean;
  condition: ConditionDraft;
}

export interface DraftGroup {
  type: 'group';
  key: string;
  join: 'and' | 'or';
  negated: boolean;
  items: DraftItem[];
}

export type DraftItem = DraftCondition | DraftGroup;

let nextKey = 0;
/** React keys for rows, so a removed row takes its inputs' state with it. */
export function draftKey(): string {
  nextKey += 1;
  return `t${nextKey}`;
}

const emptySpan = (): SpanDraft => ({ amount: null, unit: TARGET_TIME_UNITS[0] });

export function emptyCondition(kind: ConditionKind): ConditionDraft {
  switch (kind) {
    case 'list':
      return { kind, listId: null, state: 'subscribed' };
    case 'audience':
      return { kind, audienceId: null };
    case 'tag':
      return { kind, tagId: null };
    case 'partition':
      return { kind, partitionId: null };
    case 'field':
      return { kind, field: '', op: '=', value: '', values: [], span: emptySpan() };
    case 'event':
      return {
        kind,
        event: 'opened',
        activityId: null,
        campaignId: null,
        atLeast: null,
        within: emptySpan(),
        after: '',
        before: '',
      };
  }
}

export function newCondition(kind: ConditionKind = 'list'): DraftCondition {
  return { type: 'condition', key: draftKey(), negated: false, condition: emptyCondition(kind) };
}

export function newGroup(join: 'and' | 'or' = 'and', items: DraftItem[] = []): DraftGroup {
  return { type: 'group', key: draftKey(), join, negated: false, items };
}

/** The draft of a stored tree: the root is always a group, so there is somewhere to add conditions. */
export function draftFromTree(tree: TargetNode | null): DraftGroup {
  if (tree === null) return newGroup('and', [newCondition()]);
  const item = itemFromTree(tree);
  return item.type === 'group' ? item : newGroup('and', [item]);
}

function itemFromTree(tree: TargetNode): DraftItem {
  switch (tree.type) {
    case 'and':
    case 'or':
      return newGroup(tree.type, tree.items.map(itemFromTree));
    case 'not': {
      const inner = itemFromTree(tree.item);
      // not (not x) keeps both: only one negation fits a row, so the inner one becomes a group of one.
      return inner.negated ? { ...newGroup('and', [inner]), negated: true } : { ...inner, negated: true };
    }
    default:
      return { type: 'condition', key: draftKey(), negated: false, condition: conditionFromTree(tree) };
  }
}

function spanDraft(span: TargetSpan | undefined): SpanDraft {
  return span ? { amount: span.amount, unit: span.unit } : emptySpan();
}

function conditionFromTree(
  tree: Exclude<TargetNode, { type: 'and' } | { type: 'or' } | { type: 'not' }>,
): ConditionDraft {
  switch (tree.type) {
    case 'list':
      return { kind: 'list', listId: tree.listId, state: tree.state };
    case 'audience':
      return { kind: 'audience', audienceId: tree.audienceId };
    case 'tag':
      return { kind: 'tag', tagId: tree.tagId };
    case 'partition':
      return { kind: 'partition', partitionId: tree.partitionId };
    case 'event':
      return {
        kind: 'event',
        event: tree.event,
        activityId: tree.activityId ?? null,
        campaignId: tree.campaignId ?? null,
        atLeast: tree.atLeast ?? null,
        within: spanDraft(tree.within),
        after: tree.after ?? '',
        before: tree.before ?? '',
      };
    case 'field': {
      const base = { kind: 'field' as const, field: tree.field, value: '', values: [], span: emptySpan() };
      switch (tree.op) {
        case 'isempty':
          return { ...base, op: 'isempty' };
        case 'in':
          return { ...base, op: 'in', values: tree.values.map(valueText) };
        case 'within':
          return { ...base, op: 'within', span: spanDraft(tree.span) };
        default:
          return { ...base, op: tree.op, value: valueText(tree.value) };
      }
    }
  }
}

/** A value as the builder's input shows it. */
export function valueText(value: TargetValue): string {
  if (typeof value === 'object') return value.date;
  return String(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A typed value read for a field of this type, or null when it is not one. A field the builder does not
 * know (typed in text mode) is compared as text.
 */
export function valueFromText(text: string, type: TargetFieldType | undefined): TargetValue | null {
  const trimmed = text.trim();
  switch (type) {
    case 'number':
      return NUMBER.test(trimmed) ? Number(trimmed) : null;
    case 'date':
      return ISO_DATE.test(trimmed) && !Number.isNaN(Date.parse(`${trimmed}T00:00:00Z`))
        ? { date: trimmed }
        : null;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : null;
    default:
      return text;
  }
}

function spanFromDraft(span: SpanDraft): TargetSpan | null {
  return span.amount !== null && Number.isInteger(span.amount) && span.amount > 0
    ? { amount: span.amount, unit: span.unit }
    : null;
}

/** The tree node of one condition, or null while it is incomplete. */
export function conditionNode(
  condition: ConditionDraft,
  fieldTypes: ReadonlyMap<string, TargetFieldType>,
): TargetNode | null {
  switch (condition.kind) {
    case 'list':
      return condition.listId === null
        ? null
        : { type: 'list', listId: condition.listId, state: condition.state };
    case 'audience':
      return condition.audienceId === null ? null : { type: 'audience', audienceId: condition.audienceId };
    case 'tag':
      return condition.tagId === null ? null : { type: 'tag', tagId: condition.tagId };
    case 'partition':
      return condition.partitionId === null
        ? null
        : { type: 'partition', partitionId: condition.partitionId };
    case 'event':
      return eventNode(condition);
    case 'field':
      return fieldNode(condition, fieldTypes.get(condition.field.toLowerCase()));
  }
}

function eventNode(draft: EventDraft): TargetEventCondition {
  const within = spanFromDraft(draft.within);
  return {
    type: 'event',
    event: draft.event,
    ...(draft.activityId !== null ? { activityId: draft.activityId } : {}),
    // An event names an activity or a campaign, not both: the activity, the narrower, wins.
    ...(draft.campaignId !== null && draft.activityId === null ? { campaignId: draft.campaignId } : {}),
    ...(draft.atLeast !== null && draft.atLeast > 1 ? { atLeast: draft.atLeast } : {}),
    ...(within ? { within } : {}),
    ...(ISO_DATE.test(draft.after) ? { after: draft.after } : {}),
    ...(ISO_DATE.test(draft.before) ? { before: draft.before } : {}),
  };
}

function fieldNode(draft: FieldDraft, type: TargetFieldType | undefined): TargetNode | null {
  if (draft.field === '') return null;
  const field = draft.field;
  switch (draft.op) {
    case 'isempty':
      return { type: 'field', field, op: 'isempty' };
    case 'within': {
      const span = spanFromDraft(draft.span);
      return span ? { type: 'field', field, op: 'within', span } : null;
    }
    case 'in': {
      const values = draft.values.map((text) => valueFromText(text, type));
      if (values.length === 0 || values.some((value) => value === null)) return null;
      return { type: 'field', field, op: 'in', values: values as TargetValue[] };
    }
    case 'contains':
    case 'startswith':
      return draft.value === '' ? null : { type: 'field', field, op: draft.op, value: draft.value };
    default: {
      const value = valueFromText(draft.value, type);
      if (value === null || (type !== 'text' && type !== undefined && draft.value.trim() === '')) return null;
      return { type: 'field', field, op: draft.op satisfies TargetComparison, value };
    }
  }
}

/** The tree of a draft item, or null when nothing in it is complete. Groups of one become that one. */
export function itemNode(
  item: DraftItem,
  fieldTypes: ReadonlyMap<string, TargetFieldType>,
): TargetNode | null {
  let node: TargetNode | null;
  if (item.type === 'condition') {
    node = conditionNode(item.condition, fieldTypes);
  } else {
    const items = item.items
      .map((child) => itemNode(child, fieldTypes))
      .filter((child): child is TargetNode => child !== null)
      // A child group of the same join adds nothing: `a and (b and c)` is flattened as a person means it.
      .flatMap((child) => (child.type === item.join ? child.items : [child]));
    node = items.length === 0 ? null : items.length === 1 ? (items[0] ?? null) : { type: item.join, items };
  }
  return node !== null && item.negated ? { type: 'not', item: node } : node;
}

/** The tree of the whole draft (null when it has no complete condition). */
export function treeFromDraft(
  draft: DraftGroup,
  fieldTypes: ReadonlyMap<string, TargetFieldType>,
): TargetNode | null {
  return itemNode(draft, fieldTypes);
}

/** How many conditions are still incomplete, so the builder can say they are left out. */
export function incompleteConditions(
  item: DraftItem,
  fieldTypes: ReadonlyMap<string, TargetFieldType>,
): number {
  if (item.type === 'condition') return conditionNode(item.condition, fieldTypes) === null ? 1 : 0;
  return item.items.reduce((total, child) => total + incompleteConditions(child, fieldTypes), 0);
}

/** The draft with the item of this key replaced (or removed, with `null`). */
export function replaceItem(group: DraftGroup, key: string, next: DraftItem | null): DraftGroup {
  const items: DraftItem[] = [];
  for (const item of group.items) {
    if (item.key === key) {
      if (next !== null) items.push(next);
    } else {
      items.push(item.type === 'group' ? replaceItem(item, key, next) : item);
    }
  }
  return { ...group, items };
}
