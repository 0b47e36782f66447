import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTarget } from './parse-target.ts';
import { printTarget, printTargetValue, quoteTargetText } from './print-target.ts';
import {
  TARGET_COMPARISONS,
  TARGET_EVENT_KINDS,
  TARGET_LIST_STATES,
  TARGET_MAX_DEPTH,
  TARGET_TIME_UNITS,
  targetDepth,
  targetNodeSchema,
} from './tree.ts';
import type { TargetEventCondition, TargetNode, TargetSpan, TargetValue } from './tree.ts';

const tag = (tagId: number): TargetNode => ({ type: 'tag', tagId });

describe('printTarget', () => {
  it.each<[TargetNode, string]>([
    [{ type: 'list', listId: 12, state: 'subscribed' }, 'list 12'],
    [{ type: 'list', listId: 12, state: 'unsubscribed' }, 'list 12 unsubscribed'],
    [{ type: 'list', listId: 12, state: 'any' }, 'list 12 any'],
    [{ type: 'audience', audienceId: 7 }, 'audience 7'],
    [{ type: 'partition', partitionId: 3 }, 'partition 3'],
    [{ type: 'field', field: 'country', op: '=', value: 'AU' }, 'country = "AU"'],
    [{ type: 'field', field: 'dob', op: '<', value: { date: '2000-01-01' } }, 'dob < 2000-01-01'],
    [{ type: 'field', field: 'custom.Tier', op: '>=', value: -1.25 }, 'custom.Tier >= -1.25'],
    [{ type: 'field', field: 'is_invalid', op: '!=', value: false }, 'is_invalid != false'],
    [{ type: 'field', field: 'email', op: 'startswith', value: 'a' }, 'email startswith "a"'],
    [{ type: 'field', field: 'phone', op: 'isempty' }, 'phone is empty'],
    [
      { type: 'field', field: 'x', op: 'in', values: ['a', 2, { date: '2000-01-01' }, true] },
      'x in ("a", 2, 2000-01-01, true)',
    ],
    [{ type: 'field', field: 'dob', op: 'within', span: { amount: 1, unit: 'days' } }, 'dob within 1 day'],
    [{ type: 'field', field: 'dob', op: 'within', span: { amount: 30, unit: 'days' } }, 'dob within 30 days'],
    [
      {
        type: 'event',
        event: 'purchased',
        before: '2024-02-01',
        after: '2024-01-01',
        within: { amount: 1, unit: 'years' },
        atLeast: 1,
        campaignId: 4,
      },
      'purchased campaign 4 at least 1 time within 1 year after 2024-01-01 before 2024-02-01',
    ],
    [{ type: 'event', event: 'clicked', activityId: 42, atLeast: 2 }, 'clicked activity 42 at least 2 times'],
    [{ type: 'and', items: [tag(1), { type: 'or', items: [tag(2), tag(3)] }] }, 'tag 1 and (tag 2 or tag 3)'],
    [{ type: 'or', items: [tag(1), { type: 'and', items: [tag(2), tag(3)] }] }, 'tag 1 or tag 2 and tag 3'],
    [
      { type: 'and', items: [tag(1), { type: 'and', items: [tag(2), tag(3)] }] },
      'tag 1 and (tag 2 and tag 3)',
    ],
    [{ type: 'or', items: [{ type: 'or', items: [tag(1), tag(2)] }, tag(3)] }, '(tag 1 or tag 2) or tag 3'],
    [{ type: 'and', items: [tag(1), { type: 'not', item: tag(2) }] }, 'tag 1 and not tag 2'],
    [{ type: 'not', item: { type: 'not', item: tag(2) } }, 'not not tag 2'],
    [{ type: 'not', item: { type: 'and', items: [tag(1), tag(2)] } }, 'not (tag 1 and tag 2)'],
  ])('%j', (tree, text) => {
    expect(printTarget(tree)).toBe(text);
    expect(parseTarget(text)).toEqual({ ok: true, tree });
  });

  it('quotes texts with escapes for quotes, backslashes, control characters and unpaired surrogates', () => {
    expect(quoteTargetText('a"b\\c\nd\te\rf')).toBe(String.raw`"a"b\\c\nd\te\rf"`.replace('a"b', 'a\\"b'));
    expect(quoteTargetText('\u0000\u001f\u007f\u0085')).toBe(String.raw`"\u0000\u001f\u007f\u0085"`);
    expect(quoteTargetText('é ✓ 😀')).toBe('"é ✓ 😀"');
    expect(quoteTargetText('\ud800x\udc00')).toBe(String.raw`"\ud800x\udc00"`);
  });

  it('writes numbers without exponents', () => {
    expect(printTargetValue(1e21)).toBe('1000000000000000000000');
    expect(printTargetValue(-1.5e22)).toBe('-15000000000000000000000');
    expect(printTargetValue(1e-7)).toBe('0.0000001');
    expect(printTargetValue(-1.25e-8)).toBe('-0.0000000125');
    for (const number of [1e21, 1.5e-7, 5e-324, Number.MAX_VALUE, -Number.MIN_VALUE, 123456.789]) {
      expect(Number(printTargetValue(number))).toBe(number);
      expect(parseTarget(`x = ${printTargetValue(number)}`)).toMatchObject({
        ok: true,
        tree: { value: number },
      });
    }
  });
});

// Arbitrary trees of the language, for the round trip. Fields never use the words that start another
// construct (a bare field called `sent` has no text form; custom.sent does).
const reserved = new Set(['list', 'audience', 'tag', 'partition', 'not', 'and', 'or', ...TARGET_EVENT_KINDS]);
const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,12}$/);
const fieldName = fc.oneof(
  fc.constantFrom('country', 'dob', 'engagement_frequency', 'Country', 'is', 'in', 'within', 'true'),
  identifier.filter((name) => !reserved.has(name.toLowerCase())),
  identifier.map((name) => `custom.${name}`),
);
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: anyCodeUnit, maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', '"', '\\', '\\"', 'a\nb', '\t\r', '\\u00e9', 'é😀', '2000-01-01', 'and or not ('),
);
const number = fc
  .oneof(
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    fc
      .tuple(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 1, max: 6 }))
      .map(([whole, places]) => whole / 10 ** places),
    fc.constantFrom(1e21, 1e-7, 5e-324, Number.MAX_VALUE, -2.5e-9),
  )
  .map((value) => (Object.is(value, -0) ? 0 : value));
const date = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
const value: fc.Arbitrary<TargetValue> = fc.oneof(
  text,
  number,
  fc.boolean(),
  date.map((iso) => ({ date: iso })),
);
const id = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 2_147_483_647 }));
const span: fc.Arbitrary<TargetSpan> = fc.record({
  amount: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 100_000 })),
  unit: fc.constantFrom(...TARGET_TIME_UNITS),
});

const event: fc.Arbitrary<TargetNode> = fc
  .record(
    {
      event: fc.constantFrom(...TARGET_EVENT_KINDS),
      scope: fc.option(fc.tuple(fc.constantFrom('activityId', 'campaignId'), id)),
      atLeast: fc.integer({ min: 1, max: 1_000_000 }),
      within: span,
      after: date,
      before: date,
    },
    { requiredKeys: ['event', 'scope'] },
  )
  .map(({ scope, ...options }) => {
    const node: TargetEventCondition = { type: 'event', ...options };
    if (scope !== null) node[scope[0]] = scope[1];
    return node;
  });

const condition: fc.Arbitrary<TargetNode> = fc.oneof(
  fc.record({ type: fc.constant('list'), listId: id, state: fc.constantFrom(...TARGET_LIST_STATES) }),
  fc.record({ type: fc.constant('audience'), audienceId: id }),
  fc.record({ type: fc.constant('tag'), tagId: id }),
  fc.record({ type: fc.constant('partition'), partitionId: id }),
  fc
    .record({
      type: fc.constant('field'),
      field: fieldName,
      op: fc.constantFrom(...TARGET_COMPARISONS),
      value,
    })
    // true and false are compared with = or != only.
    .filter((condition) => typeof condition.value !== 'boolean' || ['=', '!='].includes(condition.op)),
  fc.record({
    type: fc.constant('field'),
    field: fieldName,
    op: fc.constantFrom('contains', 'startswith'),
    value: text,
  }),
  fc.record({ type: fc.constant('field'), field: fieldName, op: fc.constant('isempty') }),
  fc.record({
    type: fc.constant('field'),
    field: fieldName,
    op: fc.constant('in'),
    values: fc.array(value, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ type: fc.constant('field'), field: fieldName, op: fc.constant('within'), span }),
  event,
) as fc.Arbitrary<TargetNode>;

const { node: targetNode } = fc.letrec<{ node: TargetNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'target' },
    condition,
    fc.record({
      type: fc.constantFrom('and', 'or'),
      items: fc.array(tie('node'), { minLength: 2, maxLength: 4 }),
    }),
    fc.record({ type: fc.constant('not'), item: tie('node') }),
  ) as fc.Arbitrary<TargetNode>,
}));

describe('text → tree → text', () => {
  it('the generator makes trees the schema takes', () => {
    fc.assert(
      fc.property(targetNode, (tree) => {
        expect(targetNodeSchema.safeParse(tree).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('parseTarget(printTarget(tree)) is the tree, and printing it again gives the same text', () => {
    fc.assert(
      fc.property(targetNode, (tree) => {
        const text = printTarget(tree);
        const parsed = parseTarget(text);
        expect(parsed).toEqual({ ok: true, tree });
        if (parsed.ok) expect(printTarget(parsed.tree)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('holds for trees as deep as TARGET_MAX_DEPTH', () => {
    let tree: TargetNode = tag(1);
    for (let level = 1; level < TARGET_MAX_DEPTH; level += 1) {
      const kind = (['and', 'or', 'not'] as const)[level % 3];
      tree =
        kind === 'not' ? { type: 'not', item: tree } : { type: kind ?? 'and', items: [tag(level), tree] };
    }
    expect(targetDepth(tree)).toBe(TARGET_MAX_DEPTH);
    expect(parseTarget(printTarget(tree))).toEqual({ ok: true, tree });
    let negations: TargetNode = tag(1);
    for (let level = 1; level < TARGET_MAX_DEPTH; level += 1) negations = { type: 'not', item: negations };
    expect(parseTarget(printTarget(negations))).toEqual({ ok: true, tree: negations });
  });

  it('holds for every chain of and, or and not as deep as TARGET_MAX_DEPTH', () => {
    const kinds = fc.array(fc.constantFrom('and', 'or', 'not'), {
      minLength: 1,
      maxLength: TARGET_MAX_DEPTH - 1,
    });
    fc.assert(
      fc.property(kinds, (chain) => {
        let tree: TargetNode = tag(1);
        for (const [level, kind] of chain.entries())
          tree = kind === 'not' ? { type: 'not', item: tree } : { type: kind, items: [tree, tag(level + 2)] };
        expect(targetDepth(tree)).toBeLessThanOrEqual(TARGET_MAX_DEPTH);
        expect(parseTarget(printTarget(tree))).toEqual({ ok: true, tree });
      }),
      { numRuns: 2000 },
    );
  });
});
