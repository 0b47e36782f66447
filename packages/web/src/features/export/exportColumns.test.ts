import { exportColumns } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  chosenFields,
  initialColumnChoice,
  moveColumn,
  setAllColumns,
  toggleColumn,
} from './exportColumns.ts';

describe('export columns', () => {
  const available = exportColumns('listMembers', ['loyalty_tier']);

  it('starts with the e-mail address first and the bookkeeping columns left out', () => {
    const fields = chosenFields(initialColumnChoice(available));
    expect(fields[0]).toBe('email');
    expect(fields).toContain('custom.loyalty_tier');
    expect(fields).toContain('list_option');
    expect(fields).not.toContain('created_at');
  });

  it('moves a column up, down or to where it is dropped, and ignores moves past the ends', () => {
    const choice = initialColumnChoice(['email', 'firstname', 'lastname']);
    expect(chosenFields(moveColumn(choice, 2, 0))).toEqual(['lastname', 'email', 'firstname']);
    expect(chosenFields(moveColumn(choice, 0, 1))).toEqual(['firstname', 'email', 'lastname']);
    expect(chosenFields(moveColumn(choice, 0, -1))).toEqual(['email', 'firstname', 'lastname']);
    expect(chosenFields(moveColumn(choice, 2, 3))).toEqual(['email', 'firstname', 'lastname']);
  });

  it('sends only the ticked columns, in order', () => {
    const choice = toggleColumn(initialColumnChoice(['email', 'firstname', 'lastname']), 1, false);
    expect(chosenFields(choice)).toEqual(['email', 'lastname']);
    expect(chosenFields(setAllColumns(choice, false))).toEqual([]);
    expect(chosenFields(setAllColumns(choice, true))).toEqual(['email', 'firstname', 'lastname']);
  });
});
