import { parseTarget, printTarget, standardTargetFields } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  draftFromTree,
  incompleteConditions,
  newCondition,
  newGroup,
  replaceItem,
  treeFromDraft,
  valueFromText,
} from './targetDraft.ts';
import type { DraftCondition } from './targetDraft.ts';

const fields = new Map([...standardTargetFields(), ['custom.tier', 'text' as const]]);

function tree(text: string): TargetNode {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.tree;
}

const roundTrip = (text: string) => {
  const result = treeFromDraft(draftFromTree(tree(text)), fields);
  return result === null ? null : printTarget(result);
};

describe('draft round trip', () => {
  it.each([
    'list 12',
    'list 12 unsubscribed and tag 5',
    'list 12 and not (country = "NZ" or opened within 7 days)',
    'custom.tier in ("gold", "platinum") or partition 3',
    'dob < 2000-01-01 and dob within 6 months',
    'clicked activity 42 at least 2 times within 7 days after 2024-01-01 before 2024-06-01',
    'not not tag 1',
    'is_invalid = false and engagement_frequency >= 2.5 and email is empty',
    'audience 7 or (list 1 and list 2)',
  ])('keeps %s', (text) => {
    expect(roundTrip(text)).toBe(printTarget(tree(text)));
  });

  it('flattens a group inside a group of the same join', () => {
    expect(roundTrip('list 1 and (list 2 and list 3)')).toBe('list 1 and list 2 and list 3');
  });

  it('starts an empty target with one blank condition', () => {
    const draft = draftFromTree(null);
    expect(draft.items).toHaveLength(1);
    expect(treeFromDraft(draft, fields)).toBeNull();
    expect(incompleteConditions(draft, fields)).toBe(1);
  });
});

describe('incomplete conditions', () => {
  it('are left out of the tree', () => {
    const list: DraftCondition = {
      ...newCondition('list'),
      condition: { kind: 'list', listId: 4, state: 'any' },
    };
    const draft = newGroup('or', [list, newCondition('tag'), newGroup('and', [newCondition('field')])]);
    expect(printTarget(treeFromDraft(draft, fields) as TargetNode)).toBe('list 4 any');
    expect(incompleteConditions(draft, fields)).toBe(2);
  });

  it('include a field compared with a value not of its type', () => {
    const condition: DraftCondition = {
      ...newCondition('field'),
      condition: {
        kind: 'field',
        field: 'dob',
        op: '<',
        value: 'soon',
        values: [],
        span: { amount: null, unit: 'days' },
      },
    };
    expect(treeFromDraft(newGroup('and', [condition]), fields)).toBeNull();
  });
});

describe('valueFromText', () => {
  it('reads a value by the field type', () => {
    expect(valueFromText('12.5', 'number')).toBe(12.5);
    expect(valueFromText('12x', 'number')).toBeNull();
    expect(valueFromText('2020-02-03', 'date')).toEqual({ date: '2020-02-03' });
    expect(valueFromText('true', 'boolean')).toBe(true);
    expect(valueFromText('AU', 'text')).toBe('AU');
    expect(valueFromText('AU', undefined)).toBe('AU');
  });
});

describe('replaceItem', () => {
  it('replaces and removes nested items by key', () => {
    const inner = newCondition('tag');
    const group = newGroup('and', [newCondition(), newGroup('or', [inner])]);
    const removed = replaceItem(group, inner.key, null);
    expect(removed.items[1]).toMatchObject({ type: 'group', items: [] });
    const negated = replaceItem(group, inner.key, { ...inner, negated: true });
    expect(negated.items[1]).toMatchObject({ items: [{ negated: true }] });
  });
});
