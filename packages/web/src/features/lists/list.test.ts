import { describe, expect, it } from 'vitest';
import {
  emptyNewListForm,
  listQueryFilter,
  memberQueryFilter,
  newListWrite,
  pathId,
  validateNewListForm,
} from './list.ts';

describe('subscriber lists', () => {
  it('turns the filter and partition into the query filter', () => {
    expect(listQueryFilter({ filter: 'all', partition: null })).toEqual({ isArchived: false });
    expect(listQueryFilter({ filter: 'active', partition: null })).toEqual({ state: 'active' });
    expect(listQueryFilter({ filter: 'dormant', partition: null })).toEqual({ state: 'dormant' });
    expect(listQueryFilter({ filter: 'empty', partition: null })).toEqual({ state: 'empty' });
    expect(listQueryFilter({ filter: 'archived', partition: 4 })).toEqual({
      isArchived: true,
      partitionIds: { overlaps: [4] },
    });
  });

  it('asks for one list’s members, by status', () => {
    expect(memberQueryFilter(9, { filter: 'all', partition: null })).toEqual({ listId: 9 });
    expect(memberQueryFilter(9, { filter: 'unsubscribed', partition: null })).toEqual({
      listId: 9,
      isUnsubscribed: true,
    });
    expect(memberQueryFilter(9, { filter: 'invalid', partition: 2 })).toEqual({
      listId: 9,
      isInvalid: true,
      partitionIds: { overlaps: [2] },
    });
  });

  it('validates and writes a new list', () => {
    const form = emptyNewListForm();
    expect(validateNewListForm(form)).toEqual({ name: 'nameRequired' });
    expect(validateNewListForm({ ...form, name: 'x'.repeat(201) })).toEqual({ name: 'nameTooLong' });
    const filled = { ...form, name: '  Newsletter ', partitionIds: [3] };
    expect(validateNewListForm(filled)).toEqual({});
    expect(newListWrite(filled, false)).toEqual({
      name: 'Newsletter',
      description: '',
      listType: 'standard',
    });
    expect(newListWrite(filled, true)).toMatchObject({ partitionIds: [3] });
  });

  it('reads ids from the path', () => {
    expect(pathId('12')).toBe(12);
    expect(pathId('012')).toBeNull();
    expect(pathId(undefined)).toBeNull();
    expect(pathId('new')).toBeNull();
  });
});
