import { describe, expect, it } from 'vitest';
import {
  changeListParams,
  defaultListParams,
  pageCount,
  parseListParams,
  queryWindow,
  writeListParams,
} from './listParams.ts';
import type { ListDefinition, ListParams } from './listParams.ts';

const definition: ListDefinition = {
  filters: ['all', 'active', 'upcoming', 'completed', 'archived'],
  sortKeys: ['id', 'name', 'startDate'],
};
const defaults = defaultListParams(definition);
const parse = (query: string) => parseListParams(new URLSearchParams(query), definition);

describe('list params in the URL', () => {
  it('defaults to filter all, id descending, page 1, grid view (platform §9)', () => {
    expect(defaults).toEqual({
      filter: 'all',
      sort: 'id',
      order: 'desc',
      page: 1,
      view: 'grid',
      search: '',
      archived: 'live',
      partition: null,
    });
    expect(parse('')).toEqual(defaults);
  });

  it('reads every param', () => {
    expect(
      parse('filter=active&sort=name&order=asc&page=3&view=list&search=spring&archived=all&partition=12'),
    ).toEqual({
      filter: 'active',
      sort: 'name',
      order: 'asc',
      page: 3,
      view: 'list',
      search: 'spring',
      archived: 'all',
      partition: 12,
    });
  });

  it.each([
    ['filter=nonsense', { filter: 'all' }],
    ['sort=password', { sort: 'id' }],
    ['order=sideways', { order: 'desc' }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['view=table', { view: 'grid' }],
    ['archived=maybe', { archived: 'live' }],
    ['partition=x', { partition: null }],
  ])('falls back to the default for %s', (query, expected) => {
    expect(parse(query)).toEqual({ ...defaults, ...expected });
  });

  it('writes only what differs from the defaults, and keeps other params', () => {
    const params: ListParams = { ...defaults, filter: 'upcoming', page: 2, search: 'a b' };
    const written = writeListParams(params, definition, new URLSearchParams('tab=x&page=9'));
    expect(written.toString()).toBe('tab=x&filter=upcoming&page=2&search=a+b');
    expect(writeListParams(defaults, definition).toString()).toBe('');
  });

  it('round-trips: a link reproduces the screen', () => {
    const params: ListParams = {
      filter: 'completed',
      sort: 'startDate',
      order: 'asc',
      page: 4,
      view: 'list',
      search: 'x&y=z',
      archived: 'archived',
      partition: 3,
    };
    expect(parseListParams(writeListParams(params, definition), definition)).toEqual(params);
  });

  it('takes a definition without "all" or id: the first of each is the default', () => {
    const other = defaultListParams({ filters: ['recent', 'archived'], sortKeys: ['name'] });
    expect(other.filter).toBe('recent');
    expect(other.sort).toBe('name');
  });
});

describe('changing list params', () => {
  const onPage3: ListParams = { ...defaults, page: 3 };

  it.each<[string, Partial<ListParams>]>([
    ['filter', { filter: 'active' }],
    ['sort', { sort: 'name' }],
    ['order', { order: 'asc' }],
    ['search', { search: 'spring' }],
    ['archive filter', { archived: 'all' }],
    ['partition', { partition: 4 }],
  ])('a new %s goes back to page 1', (_name, change) => {
    expect(changeListParams(onPage3, change)).toEqual({ ...onPage3, ...change, page: 1 });
  });

  it('the view and the page keep the rest', () => {
    expect(changeListParams(onPage3, { view: 'list' })).toEqual({ ...onPage3, view: 'list' });
    expect(changeListParams(onPage3, { page: 5 })).toEqual({ ...onPage3, page: 5 });
  });

  it('the same value again changes nothing', () => {
    expect(changeListParams(onPage3, { filter: 'all' })).toEqual(onPage3);
  });
});

describe('query window', () => {
  it('pages by 25 (platform §9)', () => {
    expect(queryWindow({ ...defaults, page: 3, sort: 'name', order: 'asc' })).toEqual({
      limit: 25,
      offset: 50,
      sortKey: 'name',
      sortOrder: 'asc',
    });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });
});
