import { describe, expect, it } from 'vitest';
import { exportRequestParams, listRequirement } from './exportRequest.ts';

describe('export requests', () => {
  it('asks for a list where the type takes one', () => {
    expect(listRequirement('subscribers')).toBe('optional');
    expect(listRequirement('listMembers')).toBe('required');
    expect(listRequirement('customFields')).toBe('none');
  });

  it('sends the list as the target, or nothing for all subscribers', () => {
    expect(exportRequestParams(3, 'subscribers', null)).toEqual({
      organizationId: 3,
      type: 'subscribers',
      params: {},
    });
    expect(exportRequestParams(3, 'listMembers', '12')).toEqual({
      organizationId: 3,
      type: 'listMembers',
      target: 12,
      params: {},
    });
    expect(exportRequestParams(3, 'customFields', '12')).toEqual({
      organizationId: 3,
      type: 'customFields',
      params: {},
    });
  });

  it('asks for a workbook when XLSX is chosen', () => {
    expect(exportRequestParams(3, 'subscribers', null, 'xlsx')).toEqual({
      organizationId: 3,
      type: 'subscribers',
      params: { format: 'xlsx' },
    });
  });
});
