import { describe, expect, it } from 'vitest';
import { defaultListParams } from '../../platform/list/listParams.ts';
import {
  emptyTagForm,
  tagListDefinition,
  tagFigureText,
  tagQueryFilter,
  tagTarget,
  tagToForm,
  tagWrite,
  validateTagForm,
} from './tag.ts';

describe('tags', () => {
  it('filters live, archived or every tag, live ones first', () => {
    expect(defaultListParams(tagListDefinition).filter).toBe('live');
    expect(tagQueryFilter({ filter: 'live' })).toEqual({ isArchived: false });
    expect(tagQueryFilter({ filter: 'archived' })).toEqual({ isArchived: true });
    expect(tagQueryFilter({ filter: 'any' })).toEqual({});
  });

  it('needs a name of at most 100 characters', () => {
    expect(validateTagForm(emptyTagForm())).toEqual({ name: 'nameRequired' });
    expect(validateTagForm({ name: '  ', description: '' })).toEqual({ name: 'nameRequired' });
    expect(validateTagForm({ name: 'x'.repeat(101), description: '' })).toEqual({ name: 'nameTooLong' });
    expect(validateTagForm({ name: ' VIP ', description: '' })).toEqual({});
  });

  it('creates by name and renames the version read', () => {
    expect(tagWrite({ name: ' VIP ', description: 'Best' }, null)).toEqual({
      name: 'VIP',
      description: 'Best',
    });
    const tag = { id: 3, version: 2, name: 'VIP', description: 'Best' };
    expect(tagWrite({ ...tagToForm(tag), name: 'Gold' }, tag)).toEqual({
      id: 3,
      version: 2,
      name: 'Gold',
      description: 'Best',
    });
  });

  it('shows figures with 3 significant figures, and a dash for a score nobody has yet', () => {
    const stats = {
      subscribers: 12345,
      contactable: 999,
      predictedEngagement: 0.41234,
      predictedConversion: null,
      predictedValue: 1234.5,
      updatedAt: null,
    };
    expect(tagFigureText(stats, 'subscribers')).toBe('12.3K');
    expect(tagFigureText(stats, 'contactable')).toBe('999');
    expect(tagFigureText(stats, 'predictedEngagement')).toBe('0.412');
    expect(tagFigureText(stats, 'predictedConversion')).toBe('—');
    expect(tagFigureText(stats, 'predictedValue')).toBe('1.23K');
  });

  it('lists a tag’s subscribers through a target', () => {
    expect(tagTarget(12)).toBe('tag 12');
  });
});
