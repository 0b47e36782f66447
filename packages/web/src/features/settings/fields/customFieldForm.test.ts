import { describe, expect, it } from 'vitest';
import type { CustomFieldRecord } from '@herald/protocol';
import {
  customFieldFlagWrite,
  customFieldToForm,
  customFieldWrite,
  emptyCustomFieldForm,
  regexError,
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
    expect(validateCustomFieldForm(form).field).toBe('fieldRequired');
    expect(validateCustomFieldForm({ ...form, field: '1abc' }).field).toBe('fieldPattern');
    expect(validateCustomFieldForm({ ...form, field: 'abc_1' })).toEqual({});
    expect(validateCustomFieldForm({ ...form, field: 'a', validationRegex: '[' }).validationRegex).toBe(
      'regexInvalid',
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

  it('wants unique rule values and percentages adding up to 100', () => {
    const form = customFieldToForm(record);
    const uneven = { ...form, rules: [{ value: 'a', target: '', percentage: '60' }] };
    expect(validateCustomFieldForm(uneven).percentages).toBe('percentagesTotal');
    const twice = {
      ...form,
      rules: [
        { value: 'a', target: '', percentage: '50' },
        { value: 'a', target: '', percentage: '50' },
      ],
    };
    expect(validateCustomFieldForm(twice).rules).toBe('rulesUnique');
    const nested = {
      ...form,
      ruleType: 'nestedTarget' as const,
      rules: [{ value: 'x', target: '', percentage: '' }],
    };
    expect(validateCustomFieldForm(nested).rules).toBe('rulesTarget');
    expect(validateCustomFieldForm({ ...form, target: ' ' }).target).toBe('targetRequired');
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
