import type { ResourceRecord } from '@herald/protocol';
import { formatNumber } from '@herald/protocol';
import type { TagStats } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';

/** A tag as the list kit carries it. */
export type Tag = ResourceRecord<'tag'>;

/**
 * The tags screen's filters: tags in use (the default), archived ones, or both. Not named `all`, which the
 * list kit would take for the default.
 */
export const TAG_FILTERS = ['live', 'archived', 'any'] as const;
export type TagFilter = (typeof TAG_FILTERS)[number];
/** What the server sorts tags by (the tag resource's sortable columns). */
export const TAG_SORT_KEYS = ['name', 'updatedAt', 'createdAt'] as const;

export const tagListDefinition: ListDefinition = {
  filters: TAG_FILTERS,
  sortKeys: TAG_SORT_KEYS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

/** The `query` filter (type tag) for the screen's filter. */
export function tagQueryFilter(params: Pick<ListParams, 'filter'>): Record<string, unknown> {
  const filter = params.filter as TagFilter;
  return filter === 'any' ? {} : { isArchived: filter === 'archived' };
}

/** The tag's figures as the tag page and the list show them, in the order they read. */
export const TAG_FIGURES = [
  'subscribers',
  'contactable',
  'predictedEngagement',
  'predictedConversion',
  'predictedValue',
] as const satisfies ReadonlyArray<keyof TagStats>;
export type TagFigure = (typeof TAG_FIGURES)[number];

/** A figure as the console shows numbers (3 significant figures); a dash while no subscriber has a score. */
export function tagFigureText(stats: TagStats, figure: TagFigure): string {
  const value = stats[figure];
  return value === null ? '—' : formatNumber(value);
}

/** The longest tag name the contract takes. */
export const TAG_NAME_MAX = 100;

/** The create or rename form as typed. */
export interface TagForm {
  name: string;
  description: string;
}

export const emptyTagForm = (): TagForm => ({ name: '', description: '' });
export const tagToForm = (tag: Pick<Tag, 'name' | 'description'>): TagForm => ({
  name: tag.name,
  description: tag.description,
});

export type TagFormError = 'nameRequired' | 'nameTooLong';

/** Answers the locale-key suffix (tags.errors.…) of the name's mistake, if any. */
export function validateTagForm(form: TagForm): { name?: TagFormError } {
  const name = form.name.trim();
  if (name === '') return { name: 'nameRequired' };
  if (name.length > TAG_NAME_MAX) return { name: 'nameTooLong' };
  return {};
}

/**
 * The writeRecords entry: a new tag by name; a rename names the id and the version it was read at (a change
 * made meanwhile is refused, not overwritten).
 */
export function tagWrite(form: TagForm, base: Pick<Tag, 'id' | 'version'> | null): Record<string, unknown> {
  return {
    ...(base ? { id: base.id, version: base.version } : {}),
    name: form.name.trim(),
    description: form.description,
  };
}

/** The subscriber query's target for the tag's subscribers (PROTOCOL §6: `tag N`). */
export function tagTarget(tagId: number): string {
  return `tag ${tagId}`;
}
