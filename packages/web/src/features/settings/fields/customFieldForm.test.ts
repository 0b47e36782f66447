import { describe, expect, it } from 'vitest';
import type { CustomFieldRecord } from '@herald/protocol';
import {
  customFieldFlagWrite,
  customFieldToForm,
  customFieldWrite,
  emptyCustomFieldForm,
  percentageTotal,
  regexError,
  serverFormErrors,
  targetTextError,
  validateCustomFieldForm,
} from './customFieldForm.ts';

const record: CustomFieldRecord = {
  id: 4,
  type: 'subscriber',
  field: 'tier',
  groupName: 'Loyalty',
  description: 'Loyalty tier',
  schema: { dataType: 'text', values: ['gold', 'silver'] },
  validationRegex: '^[a-z]+$',
  calculation: {
    kind: 'calculated',
    target: 'list 1',
    ruleType: 'percentageSplit',
    ruleAction: 'clearNonMatching',
    frequency: 'weekly',
    startAt: null,
    interval: 2,
    rules: [
      { value: 'a', percentage: 60 },
      { value: 'b', percentage: 40 },
    ],
  },
  stats: null,
  isArchived: false,
  isDeleted: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 3,
};

describe('custom field form', () => {
  it('checks the validation pattern as typed', () => {
    expect(regexError('')).toBeNull();
    expect(regexError('^a+$')).toBeNull();
    expect(regexError('(')).toEqual(expect.any(String));
  });

  it('needs a field name targets can use', () => {
    const form = emptyCustomFieldForm('subscriber');
    expect(validateCustomFieldForm(form).field?.key).toBe('settings.customFields.errors.fieldRequired');
    expect(validateCustomFieldForm({ ...form, field: '1abc' }).field?.key).toBe(
      'settings.customFields.errors.fieldPattern',
    );
    expect(validateCustomFieldForm({ ...form, field: 'abc_1' })).toEqual({});
    expect(validateCustomFieldForm({ ...form, field: 'a', validationRegex: '[' }).validationRegex?.key).toBe(
      'settings.customFields.errors.regexInvalid',
    );
  });

  it('round-trips a calculated field, as an update of the version it was read at', () => {
    const form = customFieldToForm(record);
    expect(form.values).toBe('gold\nsilver');
    expect(form.interval).toBe('2');
    expect(validateCustomFieldForm(form)).toEqual({});
    expect(customFieldWrite(form, record)).toEqual({
      id: 4,
      version: 3,
      groupName: 'Loyalty',
      description: 'Loyalty tier',
      schema: { dataType: 'text', values: ['gold', 'silver'] },
      validationRegex: '^[a-z]+$',
      calculation: record.calculation,
    });
  });

  it('wants unique rule values and percentages adding up to 100, in the catalogue’s words', () => {
    const form = customFieldToForm(record);
    const uneven = { ...form, rules: [{ value: 'a', target: '', percentage: '60' }] };
    expect(validateCustomFieldForm(uneven).percentages?.key).toBe(
      'settings.customFields.errors.percentagesTotal',
    );
    const thirds = ['33.3', '33.3', '33.4'].map((percentage, index) => ({
      value: `v${index}`,
      target: '',
      percentage,
    }));
    expect(validateCustomFieldForm({ ...form, rules: thirds })).toEqual({});
    expect(percentageTotal(thirds)).toBe(100);
    const negative = [
      { value: 'a', target: '', percentage: '-10' },
      { value: 'b', target: '', percentage: '110' },
    ];
    expect(validateCustomFieldForm({ ...form, rules: negative }).percentages).toBeDefined();
    const twice = {
      ...form,
      rules: [
        { value: 'a', target: '', percentage: '50' },
        { value: 'a ', target: '', percentage: '50' },
      ],
    };
    expect(validateCustomFieldForm(twice).rules?.key).toBe('errors.CustomFieldValuesNotUniqueError');
    const blank = { ...form, rules: [{ value: ' ', target: '', percentage: '100' }] };
    expect(validateCustomFieldForm(blank).rules?.key).toBe('settings.customFields.errors.ruleValueRequired');
    expect(validateCustomFieldForm({ ...form, rules: [] }).rules?.key).toBe(
      'settings.customFields.errors.rulesNone',
    );
  });

  it('wants every target present and readable, saying where a target stops reading', () => {
    const form = customFieldToForm(record);
    expect(validateCustomFieldForm({ ...form, target: ' ' }).target?.key).toBe(
      'settings.customFields.errors.targetRequired',
    );
    expect(validateCustomFieldForm({ ...form, target: 'list 1 and' }).target).toEqual({
      key: 'settings.customFields.errors.targetParse',
      values: { position: 11, message: expect.stringContaining('position 10') },
    });
    expect(targetTextError('list 1 and tag 2')).toBeUndefined();
    const nested = {
      ...form,
      ruleType: 'nestedTarget' as const,
      rules: [
        { value: 'x', target: '', percentage: '' },
        { value: 'y', target: 'list 12x', percentage: '' },
        { value: 'z', target: 'tag 3', percentage: '' },
      ],
    };
    const errors = validateCustomFieldForm(nested);
    expect(errors.rules?.key).toBe('errors.CustomFieldTargetMissingError');
    expect(errors.ruleTargets?.[0]?.key).toBe('errors.CustomFieldTargetMissingError');
    expect(errors.ruleTargets?.[1]).toMatchObject({ key: 'settings.customFields.errors.targetParse' });
    expect(errors.ruleTargets?.[2]).toBeUndefined();
  });

  it('checks the interval against the contract’s bounds, and custom code for some code', () => {
    const form = customFieldToForm(record);
    expect(validateCustomFieldForm({ ...form, interval: 'x' }).interval?.key).toBe(
      'settings.customFields.errors.intervalInvalid',
    );
    expect(validateCustomFieldForm({ ...form, interval: '0' }).interval).toEqual({
      key: 'settings.customFields.errors.intervalRange',
      values: { max: 1000 },
    });
    const code = { ...form, ruleType: 'customCode' as const, rules: [], code: '' };
    expect(validateCustomFieldForm(code)).toEqual({
      code: { key: 'settings.customFields.errors.codeRequired' },
    });
    expect(validateCustomFieldForm({ ...code, code: 'return subscriber.country;' })).toEqual({});
  });

  it('writes each rule type with only its own parts', () => {
    const form = {
      ...customFieldToForm(record),
      ruleType: 'nestedTarget' as const,
      startAt: '2026-03-01T09:30',
      interval: '',
      rules: [{ value: 'gold', target: ' tag 3 ', percentage: '20' }],
    };
    expect(customFieldWrite(form, record).calculation).toEqual({
      kind: 'calculated',
      target: 'list 1',
      ruleType: 'nestedTarget',
      ruleAction: 'clearNonMatching',
      frequency: 'weekly',
      startAt: new Date(2026, 2, 1, 9, 30).toISOString(),
      interval: null,
      rules: [{ value: 'gold', target: 'tag 3' }],
    });
    const roundRobin = customFieldWrite({ ...form, ruleType: 'roundRobinSplit' }, record).calculation;
    expect(roundRobin).toMatchObject({ rules: [{ value: 'gold' }] });
    const code = customFieldWrite({ ...form, ruleType: 'customCode', code: 'return 1;' }, record).calculation;
    expect(code).toMatchObject({ ruleType: 'customCode', code: 'return 1;' });
    expect(customFieldToForm({ ...record, calculation: { kind: 'static' } }).kind).toBe('static');
  });

  it('calculates subscriber fields only', () => {
    const form = { ...customFieldToForm(record), type: 'purchase' as const };
    expect(validateCustomFieldForm(form).kind?.key).toBe(
      'settings.customFields.errors.calculatedSubscriberOnly',
    );
  });

  it('puts a refused save’s details on the parts of the form they name', () => {
    expect(
      serverFormErrors({
        type: 'ValidationError',
        details: [
          { path: 'data.0.calculation.target', message: 'List 9 does not exist' },
          { path: ['data', 0, 'calculation', 'rules', 1, 'target'], message: 'Tag 4 does not exist' },
          { path: 'data.0.calculation.rules.0.value', message: 'Not a number' },
        ],
      }),
    ).toEqual({
      target: { key: 'settings.customFields.errors.server', values: { message: 'List 9 does not exist' } },
      ruleTargets: {
        1: { key: 'settings.customFields.errors.server', values: { message: 'Tag 4 does not exist' } },
      },
      rules: { key: 'settings.customFields.errors.server', values: { message: 'Not a number' } },
    });
    expect(
      serverFormErrors({
        type: 'PercentageSplitTotalError',
        details: [
          { path: 'data.0.calculation.rules', message: 'Percentage split values must add up to 100%.' },
        ],
      }).percentages?.key,
    ).toBe('errors.PercentageSplitTotalError');
    expect(serverFormErrors(null)).toEqual({});
  });

  it('creates a static field by type and name', () => {
    const form = { ...emptyCustomFieldForm('purchase'), field: 'store', groupName: ' Shop ' };
    expect(customFieldWrite(form, null)).toEqual({
      type: 'purchase',
      field: 'store',
      groupName: 'Shop',
      description: '',
      schema: { dataType: 'text' },
      validationRegex: null,
      calculation: { kind: 'static' },
    });
    expect(customFieldFlagWrite(record, 'isArchived', true)).toEqual({ id: 4, version: 3, isArchived: true });
  });
});
