import { describe, expect, it } from 'vitest';
import { changedCustomValues, customValueText, parseCustomValue } from './customValue.ts';

const field = (dataType: 'text' | 'number' | 'date' | 'boolean', extra = {}) => ({
  schema: { dataType },
  validationRegex: null,
  ...extra,
});

describe('custom values', () => {
  it('clears with an empty value', () => {
    expect(parseCustomValue('  ', field('number'))).toEqual({ value: null });
  });

  it('checks the data type', () => {
    expect(parseCustomValue('12.5', field('number'))).toEqual({ value: 12.5 });
    expect(parseCustomValue('twelve', field('number'))).toEqual({ error: 'notNumber' });
    expect(parseCustomValue('2024-02-03', field('date'))).toEqual({ value: '2024-02-03' });
    expect(parseCustomValue('03/02/2024', field('date'))).toEqual({ error: 'notDate' });
    expect(parseCustomValue('true', field('boolean'))).toEqual({ value: true });
    expect(parseCustomValue('yes', field('boolean'))).toEqual({ error: 'notBoolean' });
    expect(parseCustomValue(' gold ', field('text'))).toEqual({ value: 'gold' });
  });

  it('checks allowed values and the validation regex', () => {
    const choice = {
      schema: { dataType: 'text' as const, values: ['gold', 'silver'] },
      validationRegex: null,
    };
    expect(parseCustomValue('gold', choice)).toEqual({ value: 'gold' });
    expect(parseCustomValue('bronze', choice)).toEqual({ error: 'notAllowed' });
    const pattern = field('text', { validationRegex: '^[A-Z]{2}\\d+$' });
    expect(parseCustomValue('AB12', pattern)).toEqual({ value: 'AB12' });
    expect(parseCustomValue('ab12', pattern)).toEqual({ error: 'noMatch' });
    expect(parseCustomValue('x', field('text', { validationRegex: '(' }))).toEqual({ value: 'x' });
  });

  it('sends only what changed', () => {
    expect(customValueText(3)).toBe('3');
    expect(customValueText(null)).toBe('');
    expect(changedCustomValues({ a: 1, b: 'x' }, { a: 1, b: 'y', c: null })).toEqual({ b: 'y' });
  });
});
