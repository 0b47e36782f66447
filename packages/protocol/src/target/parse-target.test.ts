import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTarget, TARGET_MAX_TEXT_LENGTH } from './parse-target.ts';
import { targetFromInput } from './target-input.ts';
import { printTarget } from './print-target.ts';
import { TARGET_MAX_DEPTH, targetDepth, targetNodeSchema } from './tree.ts';
import type { TargetNode } from './tree.ts';

function tree(text: string): TargetNode {
  const result = parseTarget(text);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.tree;
}

const country = (value: string): TargetNode => ({ type: 'field', field: 'country', op: '=', value });

describe('parseTarget: the forms of PROTOCOL §6', () => {
  it.each<[string, TargetNode]>([
    ['list 12', { type: 'list', listId: 12, state: 'subscribed' }],
    ['list 12 unsubscribed', { type: 'list', listId: 12, state: 'unsubscribed' }],
    ['list 12 subscribed', { type: 'list', listId: 12, state: 'subscribed' }],
    ['list 12 any', { type: 'list', listId: 12, state: 'any' }],
    ['audience 7', { type: 'audience', audienceId: 7 }],
    ['tag 5', { type: 'tag', tagId: 5 }],
    ['partition 3', { type: 'partition', partitionId: 3 }],
    ['country = "AU"', country('AU')],
    ['country != "AU"', { type: 'field', field: 'country', op: '!=', value: 'AU' }],
    ['points < 10', { type: 'field', field: 'points', op: '<', value: 10 }],
    ['points <= -2.5', { type: 'field', field: 'points', op: '<=', value: -2.5 }],
    ['points > 0.125', { type: 'field', field: 'points', op: '>', value: 0.125 }],
    ['points >= 3', { type: 'field', field: 'points', op: '>=', value: 3 }],
    ['is_invalid = true', { type: 'field', field: 'is_invalid', op: '=', value: true }],
    ['is_invalid != false', { type: 'field', field: 'is_invalid', op: '!=', value: false }],
    ['email contains "@example."', { type: 'field', field: 'email', op: 'contains', value: '@example.' }],
    ['lastname startswith "Mc"', { type: 'field', field: 'lastname', op: 'startswith', value: 'Mc' }],
    ['phone is empty', { type: 'field', field: 'phone', op: 'isempty' }],
    [
      'custom.loyalty_tier in ("gold", "platinum")',
      { type: 'field', field: 'custom.loyalty_tier', op: 'in', values: ['gold', 'platinum'] },
    ],
    [
      'custom.code in ("a", 2, 2000-01-01, true)',
      { type: 'field', field: 'custom.code', op: 'in', values: ['a', 2, { date: '2000-01-01' }, true] },
    ],
    ['dob < 2000-01-01', { type: 'field', field: 'dob', op: '<', value: { date: '2000-01-01' } }],
    ['dob before 2000-01-01', { type: 'field', field: 'dob', op: '<', value: { date: '2000-01-01' } }],
    ['dob after 1999-12-31', { type: 'field', field: 'dob', op: '>', value: { date: '1999-12-31' } }],
    ['dob within 30 days', { type: 'field', field: 'dob', op: 'within', span: { amount: 30, unit: 'days' } }],
    [
      'dob within 6 months',
      { type: 'field', field: 'dob', op: 'within', span: { amount: 6, unit: 'months' } },
    ],
    ['dob within 1 year', { type: 'field', field: 'dob', op: 'within', span: { amount: 1, unit: 'years' } }],
    ['opened within 30 days', { type: 'event', event: 'opened', within: { amount: 30, unit: 'days' } }],
    [
      'clicked activity 42 within 7 days',
      { type: 'event', event: 'clicked', activityId: 42, within: { amount: 7, unit: 'days' } },
    ],
    [
      'purchased at least 2 times within 90 days',
      { type: 'event', event: 'purchased', atLeast: 2, within: { amount: 90, unit: 'days' } },
    ],
    ['sent', { type: 'event', event: 'sent' }],
    ['formsubmitted campaign 9', { type: 'event', event: 'formsubmitted', campaignId: 9 }],
    ['listsubscribed at least 1 time', { type: 'event', event: 'listsubscribed', atLeast: 1 }],
    [
      'abandoned after 2024-01-01 before 2024-02-01',
      { type: 'event', event: 'abandoned', after: '2024-01-01', before: '2024-02-01' },
    ],
    [
      'pageviewed within 1 week campaign 3',
      { type: 'event', event: 'pageviewed', campaignId: 3, within: { amount: 1, unit: 'weeks' } },
    ],
    [
      'list 12 and not (country = "NZ" or opened within 7 days)',
      {
        type: 'and',
        items: [
          { type: 'list', listId: 12, state: 'subscribed' },
          {
            type: 'not',
            item: {
              type: 'or',
              items: [country('NZ'), { type: 'event', event: 'opened', within: { amount: 7, unit: 'days' } }],
            },
          },
        ],
      },
    ],
  ])('%s', (text, expected) => {
    expect(parseTarget(text)).toEqual({ ok: true, tree: expected });
  });

  it('omits absent event options rather than holding undefined', () => {
    expect(Object.keys(tree('opened within 3 days'))).toEqual(['type', 'event', 'within']);
  });

  it('binds not tighter than and, and tighter than or', () => {
    expect(tree('tag 1 or tag 2 and not tag 3')).toEqual({
      type: 'or',
      items: [
        { type: 'tag', tagId: 1 },
        {
          type: 'and',
          items: [
            { type: 'tag', tagId: 2 },
            { type: 'not', item: { type: 'tag', tagId: 3 } },
          ],
        },
      ],
    });
    expect(tree('tag 1 and tag 2 and tag 3')).toEqual({
      type: 'and',
      items: [1, 2, 3].map((tagId) => ({ type: 'tag', tagId })),
    });
    expect(tree('tag 1 and (tag 2 and tag 3)')).toEqual({
      type: 'and',
      items: [
        { type: 'tag', tagId: 1 },
        { type: 'and', items: [2, 3].map((tagId) => ({ type: 'tag', tagId })) },
      ],
    });
    expect(tree('((tag 1))')).toEqual({ type: 'tag', tagId: 1 });
  });

  it('takes keywords in any case and any whitespace between tokens', () => {
    expect(tree('LIST\t12\nAnd\r\n  NOT(country=\t"NZ"  oR OPENED Within 7 DAYS)')).toEqual(
      tree('list 12 and not (country = "NZ" or opened within 7 days)'),
    );
    expect(tree('Purchased AT Least 2 TIMES')).toEqual({ type: 'event', event: 'purchased', atLeast: 2 });
    expect(tree('  x\u00a0IS\u2003Empty  ')).toEqual({ type: 'field', field: 'x', op: 'isempty' });
    expect(tree('x=TRUE')).toEqual({ type: 'field', field: 'x', op: '=', value: true });
  });

  it('keeps the case of field names, and writes the custom prefix in lowercase', () => {
    expect(tree('custom.Tier = "a"')).toEqual({ type: 'field', field: 'custom.Tier', op: '=', value: 'a' });
    expect(tree('CUSTOM.Tier is empty')).toEqual({ type: 'field', field: 'custom.Tier', op: 'isempty' });
    expect(tree('Country = "a"')).toEqual({ type: 'field', field: 'Country', op: '=', value: 'a' });
  });

  it('decodes the escapes of a text', () => {
    expect(tree(String.raw`x = "a\"b\\c\nd\te\rf\u00e9\u2028g"`)).toEqual({
      type: 'field',
      field: 'x',
      op: '=',
      value: 'a"b\\c\nd\te\rf\u00e9\u2028g',
    });
    expect(tree('x = "line\nbreak ✓ 😀"')).toMatchObject({ value: 'line\nbreak ✓ 😀' });
    expect(tree('x = "2000-01-01"')).toMatchObject({ value: '2000-01-01' });
  });

  it('reads -0 as 0 and leading zeros as the number', () => {
    expect(tree('x = -0')).toMatchObject({ value: 0 });
    expect(Object.is((tree('x = -0') as { value: number }).value, 0)).toBe(true);
    expect(tree('x = 007.50')).toMatchObject({ value: 7.5 });
  });
});

describe('parseTarget: mistakes answer their position and what was expected', () => {
  it.each<[string, number, string]>([
    ['', 0, 'Expected a condition at position 0, found the end'],
    ['list x', 5, 'Expected a number after "list" at position 5, found "x"'],
    ['list 0', 5, 'Expected a whole number from 1 to 2147483647 after "list" at position 5, found "0"'],
    ['tag 1.5', 4, 'Expected a whole number from 1 to 2147483647 after "tag" at position 4, found "1.5"'],
    [
      'audience 2147483648',
      9,
      'Expected a whole number from 1 to 2147483647 after "audience" at position 9, found "2147483648"',
    ],
    [
      'list 12 foo',
      8,
      'Expected "subscribed", "unsubscribed", "any", "and", "or" or the end at position 8, found "foo"',
    ],
    ['tag 1 and', 9, 'Expected a condition at position 9, found the end'],
    ['and tag 1', 0, 'Expected a condition at position 0, found "and"'],
    ['(tag 1', 6, 'Expected "and", "or" or ")" at position 6, found the end'],
    ['tag 1)', 5, 'Expected "and", "or" or the end at position 5, found ")"'],
    [
      'country = AU',
      10,
      'Expected a value (a text in double quotes, a number, a date, true or false) after "=" at position 10, found "AU"',
    ],
    [
      'country = "AU',
      13,
      'Expected a closing " at position 13 for the text that starts at position 10, found the end',
    ],
    [
      'x = "a\\qb"',
      6,
      'Expected an escape (\\" \\\\ \\n \\t \\r or \\u followed by 4 hex digits) at position 6, found "\\q"',
    ],
    [
      'x = "\\u12"',
      5,
      'Expected an escape (\\" \\\\ \\n \\t \\r or \\u followed by 4 hex digits) at position 5, found "\\u"',
    ],
    ['dob < 2023-02-29', 6, 'Expected a date that exists after "<" at position 6, found "2023-02-29"'],
    [
      'dob before "2000-01-01"',
      11,
      'Expected a date such as 2000-01-01 after "before" at position 11, found the text "2000-01-01"',
    ],
    [
      'dob within 3 fortnights',
      13,
      'Expected days, weeks, months or years after "within 3" at position 13, found "fortnights"',
    ],
    [
      'dob within 0 days',
      11,
      'Expected a whole number from 1 to 100000 after "within" at position 11, found "0"',
    ],
    [
      'x = 12abc',
      4,
      'Expected a value (a text in double quotes, a number, a date, true or false) after "=" at position 4, found "12abc"',
    ],
    [
      'x = 1e5',
      4,
      'Expected a value (a text in double quotes, a number, a date, true or false) after "=" at position 4, found "1e5"',
    ],
    [
      'country # "AU"',
      8,
      'Expected an operator after "country" (= != < <= > >= contains startswith in "is empty" within before after) at position 8, found "#"',
    ],
    [
      'country',
      7,
      'Expected an operator after "country" (= != < <= > >= contains startswith in "is empty" within before after) at position 7, found the end',
    ],
    ['country is', 10, 'Expected "empty" after "is" at position 10, found the end'],
    ['email contains 3', 15, 'Expected a text in double quotes after "contains" at position 15, found "3"'],
    ['x in "a"', 5, 'Expected "(" after "in" at position 5, found the text "a"'],
    ['x in ("a" "b")', 10, 'Expected "," or ")" at position 10, found the text "b"'],
    [
      'x in ()',
      6,
      'Expected a value (a text in double quotes, a number, a date, true or false) after "(" at position 6, found ")"',
    ],
    [
      'other.field = 1',
      0,
      'Expected a condition or a field such as country or custom.tier at position 0, found "other.field"',
    ],
    [
      'clicked activity 1 campaign 2',
      19,
      'Expected an activity or a campaign, not both, at position 19, found "campaign"',
    ],
    [
      'opened within 3 days within 4 days',
      21,
      'Expected "activity", "campaign", "at least", "after", "before", "and", "or" or the end at position 21, found "within"',
    ],
    ['purchased at 2 times', 13, 'Expected "least" after "at" at position 13, found "2"'],
    ['purchased at least 2', 20, 'Expected "times" after "at least 2" at position 20, found the end'],
    [
      'opened after 2024-13-01',
      13,
      'Expected a date that exists after "after" at position 13, found "2024-13-01"',
    ],
    ['x = 1 !', 6, 'Expected "and", "or" or the end at position 6, found "!"'],
  ])('%s', (text, position, message) => {
    expect(parseTarget(text)).toEqual({ ok: false, position, message });
  });

  it('refuses texts longer than 20,000 characters at position 20000', () => {
    const text = `tag 1${' or tag 1'.repeat(3000)}`;
    expect(parseTarget(text)).toEqual({
      ok: false,
      position: TARGET_MAX_TEXT_LENGTH,
      message: `Expected at most 20000 characters at position 20000, found ${text.length}`,
    });
  });

  it('refuses nesting deeper than TARGET_MAX_DEPTH, however deep', () => {
    const deepest = `${'not '.repeat(TARGET_MAX_DEPTH - 1)}tag 1`;
    expect(targetDepth(tree(deepest))).toBe(TARGET_MAX_DEPTH);
    expect(parseTarget(`not ${deepest}`)).toEqual({
      ok: false,
      position: 0,
      message: 'Expected at most 32 levels of nesting at position 0, found 33',
    });
    expect(parseTarget(`${'('.repeat(33)}tag 1${')'.repeat(33)}`)).toEqual({
      ok: false,
      position: 32,
      message: 'Expected at most 32 nested groups at position 32, found "("',
    });
    const hostile = parseTarget('('.repeat(19_000));
    expect(hostile).toMatchObject({ ok: false, position: 32 });
    // Groups add depth without parentheses of their own: tag 1 or tag 2 and (…)
    let nested = 'tag 1';
    for (let level = 0; level < 20; level += 1) nested = `tag 1 or tag 2 and (${nested})`;
    expect(parseTarget(nested)).toMatchObject({
      ok: false,
      message: expect.stringContaining('levels of nesting'),
    });
  });

  it('refuses more than 200 conditions in one group', () => {
    const text = Array.from({ length: 201 }, () => 'tag 1').join(' and ');
    expect(parseTarget(text)).toEqual({
      ok: false,
      position: 1996,
      message: 'Expected at most 200 conditions joined by "and" at position 1996, found "and"',
    });
    expect(parseTarget(Array.from({ length: 200 }, () => 'tag 1').join(' and ')).ok).toBe(true);
  });
});

const grammarTokens = [
  'list',
  'audience',
  'tag',
  'partition',
  'not',
  'and',
  'or',
  '(',
  ')',
  ',',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'contains',
  'startswith',
  'in',
  'is',
  'empty',
  'within',
  'before',
  'after',
  'activity',
  'campaign',
  'at',
  'least',
  'time',
  'times',
  'days',
  'week',
  'months',
  'year',
  'subscribed',
  'unsubscribed',
  'any',
  'true',
  'FALSE',
  'sent',
  'opened',
  'clicked',
  'purchased',
  'country',
  'custom.tier',
  'dob',
  '12',
  '0',
  '-3.5',
  '2000-01-01',
  '2023-02-29',
  '"AU"',
  '"a\\"b"',
  '"\\u00e9"',
  '"',
  '\\',
  '-',
  '.',
  '#',
  'é',
  '😀',
  '1e5',
];

const grammarSoup = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...grammarTokens), fc.string({ maxLength: 3 })),
      fc.constantFrom(' ', '', '\t', '\n', '  '),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.map(([token, space]) => token + space).join(''));

describe('parseTarget never throws', () => {
  it.each([
    ['arbitrary strings', fc.string({ maxLength: 200 })],
    ['arbitrary unicode', fc.string({ unit: 'binary', maxLength: 80 })],
    ['grammar tokens mixed with junk', grammarSoup],
  ])('%s', (_name, texts) => {
    fc.assert(
      fc.property(texts, (text) => {
        const result = parseTarget(text);
        if (result.ok) {
          // Whatever the parser accepts is a tree the schema takes, and prints to a text that reads back alike.
          expect(targetNodeSchema.safeParse(result.tree).success).toBe(true);
          expect(targetDepth(result.tree)).toBeLessThanOrEqual(TARGET_MAX_DEPTH);
          expect(parseTarget(printTarget(result.tree))).toEqual(result);
        } else {
          expect(result.position).toBeGreaterThanOrEqual(0);
          expect(result.position).toBeLessThanOrEqual(text.length);
          expect(result.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('targetFromInput', () => {
  it('parses a string and checks an object', () => {
    expect(targetFromInput('tag 5')).toEqual({ ok: true, tree: { type: 'tag', tagId: 5 } });
    const object: TargetNode = { type: 'not', item: { type: 'audience', audienceId: 7 } };
    expect(targetFromInput(object)).toEqual({ ok: true, tree: object });
    expect(targetFromInput('tag')).toMatchObject({ ok: false, position: 3 });
  });

  it.each<[unknown, string]>([
    [null, 'Invalid input: expected object, received null'],
    [{ type: 'list', listId: 0, state: 'any' }, 'listId: Too small: expected number to be >0'],
    [
      {
        type: 'and',
        items: [
          { type: 'tag', tagId: 1 },
          { type: 'field', field: 'dob', op: '<', value: { date: '2000-13-01' } },
        ],
      },
      'items.1.value.date: Not a date that exists',
    ],
    [
      { type: 'event', event: 'opened', activityId: 1, campaignId: 2 },
      'An event names an activity or a campaign, not both',
    ],
  ])('refuses %j', (input, message) => {
    expect(targetFromInput(input)).toEqual({ ok: false, position: 0, message });
  });

  it('refuses an invalid object with a message naming the path', () => {
    const result = targetFromInput({ type: 'or', items: [{ type: 'tag', tagId: 1 }] });
    expect(result).toMatchObject({ ok: false, position: 0, message: expect.stringMatching(/^items: /) });
    expect(targetFromInput({ type: 'bogus' })).toEqual({
      ok: false,
      position: 0,
      message:
        'type: Expected one of and, or, not, list, audience, tag, partition, field, event, found "bogus"',
    });
    expect(targetFromInput(42)).toMatchObject({ ok: false, position: 0 });
  });

  it('refuses trees deeper than TARGET_MAX_DEPTH, however deep', () => {
    const nest = (depth: number): TargetNode => {
      let node: TargetNode = { type: 'tag', tagId: 1 };
      for (let level = 1; level < depth; level += 1) node = { type: 'not', item: node };
      return node;
    };
    expect(targetFromInput(nest(TARGET_MAX_DEPTH)).ok).toBe(true);
    expect(targetFromInput(nest(TARGET_MAX_DEPTH + 1))).toEqual({
      ok: false,
      position: 0,
      message: 'Expected at most 32 levels of nesting, found more',
    });
    expect(targetFromInput(nest(100_000)).ok).toBe(false);
  });

  it('refuses an order comparison with true or false, whatever the field', () => {
    for (const op of ['<', '<=', '>', '>=']) {
      const result = parseTarget(`custom.points ${op} true`);
      expect(result).toMatchObject({ ok: false, position: 15 + op.length });
      if (!result.ok) expect(result.message).toContain('true and false are compared with = or !=');
    }
    expect(parseTarget('custom.points != false').ok).toBe(true);
    const tree = { type: 'field', field: 'is_invalid', op: '<', value: true };
    expect(targetFromInput(tree).ok).toBe(false);
    expect(targetFromInput({ ...tree, op: '=' }).ok).toBe(true);
  });
});
