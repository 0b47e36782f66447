import { describe, expect, it } from 'vitest';
import { parseTarget } from './parse-target.ts';
import { TARGET_OPERATORS_BY_TYPE } from './field-operators.ts';
import { standardTargetFields, validateTarget } from './validate-target.ts';
import type { TargetCatalogue } from './validate-target.ts';
import type { TargetNode } from './tree.ts';

function tree(text: string): TargetNode {
  const result = parseTarget(text);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.tree;
}

const fields = standardTargetFields();
fields.set('custom.loyalty_tier', 'text');
fields.set('custom.points', 'number');
fields.set('custom.vip', 'boolean');
fields.set('custom.joined', 'date');

const catalogue: TargetCatalogue = {
  fields,
  listIds: new Set([12]),
  audienceIds: new Set([7]),
  tagIds: new Set([5]),
  partitionIds: new Set([3]),
};

describe('standardTargetFields', () => {
  it('types the standard profile fields and the scoring fields, without extra', () => {
    const standard = standardTargetFields();
    expect(standard.get('dob')).toBe('date');
    expect(standard.get('resume_date')).toBe('date');
    expect(standard.get('is_invalid')).toBe('boolean');
    expect(standard.get('is_unsubscribed')).toBe('boolean');
    expect(standard.get('cluster_id')).toBe('number');
    expect(standard.get('engagement_frequency')).toBe('number');
    expect(standard.get('frequency_this_week')).toBe('number');
    expect(standard.get('country')).toBe('text');
    expect(standard.get('email')).toBe('text');
    expect(standard.has('extra')).toBe(false);
  });
});

describe('validateTarget', () => {
  it.each([
    'list 12 and not (country = "NZ" or opened within 7 days)',
    'list 12 any or audience 7 or tag 5 or partition 3',
    'custom.loyalty_tier in ("gold", "platinum")',
    'CUSTOM.Loyalty_Tier contains "go" and Country startswith "A"',
    'dob < 2000-01-01 and dob within 30 days and resume_date after 2024-01-01',
    'custom.points >= 10 and engagement_frequency > 0.5 and cluster_id in (1, 2)',
    'is_invalid = false and custom.vip != true',
    'phone is empty and dob is empty and custom.vip is empty',
    'clicked activity 999 within 7 days and purchased campaign 123',
  ])('accepts %s', (text) => {
    expect(validateTarget(tree(text), catalogue)).toEqual([]);
  });

  it.each<[string, string[]]>([
    ['custom.tier = "gold"', ['"custom.tier" is not a field of this organization']],
    ['extra is empty', ['"extra" is not a field of this organization']],
    ['list 13 or list 12', ['List 13 does not exist']],
    ['audience 8', ['Audience 8 does not exist']],
    ['tag 6', ['Tag 6 does not exist']],
    ['partition 4', ['Partition 4 does not exist']],
    ['dob < "2000-01-01"', ['dob is a date: compare it with a date such as 2000-01-01']],
    ['custom.points = "3"', ['custom.points is a number: compare it with a number']],
    ['country = 61', ['country is text: compare it with a text in double quotes such as "AU"']],
    ['is_invalid = 1', ['is_invalid is true or false: compare it with true or false']],
    ['is_invalid < 3', ['is_invalid is true or false: "<" does not apply to it (use =, != or is empty)']],
    [
      'dob contains "19"',
      ['dob is a date: "contains" does not apply to it (use <, <=, >, >=, =, !=, within, in or is empty)'],
    ],
    [
      'custom.points startswith "1"',
      [
        'custom.points is a number: "startswith" does not apply to it (use =, !=, <, <=, >, >=, in or is empty)',
      ],
    ],
    [
      'country within 3 days',
      ['country is text: "within" does not apply to it (use =, !=, contains, startswith, in or is empty)'],
    ],
    [
      'country < "M" or custom.loyalty_tier >= "gold"',
      [
        'country is text: "<" does not apply to it (use =, !=, contains, startswith, in or is empty)',
        'custom.loyalty_tier is text: ">=" does not apply to it (use =, !=, contains, startswith, in or is empty)',
      ],
    ],
    [
      'custom.joined in (2000-01-01, "yesterday")',
      ['custom.joined is a date: compare it with a date such as 2000-01-01'],
    ],
    [
      'list 1 and (tag 9 or list 1) and not custom.x is empty',
      ['List 1 does not exist', 'Tag 9 does not exist', '"custom.x" is not a field of this organization'],
    ],
  ])('%s', (text, messages) => {
    expect(validateTarget(tree(text), catalogue)).toEqual(messages);
  });
});

describe('TARGET_OPERATORS_BY_TYPE', () => {
  it('gives text no order, dates a span, and true or false only equality', () => {
    expect(TARGET_OPERATORS_BY_TYPE.text).not.toContain('<');
    expect(TARGET_OPERATORS_BY_TYPE.text).toContain('contains');
    expect(TARGET_OPERATORS_BY_TYPE.date).toContain('within');
    expect(TARGET_OPERATORS_BY_TYPE.number).not.toContain('contains');
    expect(TARGET_OPERATORS_BY_TYPE.boolean).toEqual(['=', '!=', 'isempty']);
  });
});
