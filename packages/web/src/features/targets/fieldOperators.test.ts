import { describe, expect, it } from 'vitest';
import { operatorAfterFieldChange, operatorsFor } from './fieldOperators.ts';

describe('field operators', () => {
  it('offer only what applies to the type', () => {
    expect(operatorsFor('boolean')).toEqual(['=', '!=', 'isempty']);
    expect(operatorsFor('date')).toContain('within');
    expect(operatorsFor('number')).not.toContain('contains');
    expect(operatorsFor(undefined)).toContain('contains');
    expect(operatorsFor('text')).not.toContain('<');
    expect(operatorsFor('text')).not.toContain('>=');
  });

  it('keep the operator across a field change when it still applies', () => {
    expect(operatorAfterFieldChange('in', 'number')).toBe('in');
    expect(operatorAfterFieldChange('contains', 'boolean')).toBe('=');
    expect(operatorAfterFieldChange('within', 'text')).toBe('=');
    expect(operatorAfterFieldChange('<', 'text')).toBe('=');
  });
});
