import { describe, expect, it } from 'vitest';
import { hitPath, searchHit, shareResults } from './searchGroups.ts';
import type { SearchHit, SearchKind } from './searchGroups.ts';

const hits = (kind: SearchKind, count: number): SearchHit[] =>
  Array.from({ length: count }, (_, index) => ({
    kind,
    id: index + 1,
    title: `${kind} ${index}`,
    detail: null,
  }));

describe('header search groups', () => {
  it('shares ten results fairly between the kinds that found something, in kind order', () => {
    const groups = shareResults(
      new Map([
        ['subscriber', hits('subscriber', 10)],
        ['campaign', hits('campaign', 1)],
        ['audience', hits('audience', 10)],
      ]),
    );
    expect(groups.map((group) => [group.kind, group.hits.length])).toEqual([
      ['campaign', 1],
      ['audience', 5],
      ['subscriber', 4],
    ]);
    expect(shareResults(new Map([['list', hits('list', 3)]])).map((group) => group.hits.length)).toEqual([3]);
    expect(shareResults(new Map())).toEqual([]);
  });

  it('reads subscribers by name with their e-mail, and opens each kind where it lives', () => {
    expect(
      searchHit('subscriber', { id: 4, firstname: 'Ann', lastname: 'Smith', email: 'ann@example.test' }),
    ).toEqual({ kind: 'subscriber', id: 4, title: 'Ann Smith', detail: 'ann@example.test' });
    expect(searchHit('subscriber', { id: 5, displayName: 'ann@example.test', phone: '0400' })?.title).toBe(
      'ann@example.test',
    );
    expect(searchHit('list', { name: 'No id' })).toBeNull();
    expect(hitPath(7, { kind: 'subscriber', id: 4 })).toBe('/7/subscribers/4');
    expect(hitPath(7, { kind: 'list', id: 4 })).toBe('/7/subscribers/view/4');
    expect(hitPath(7, { kind: 'audience', id: 4 })).toBe('/7/audiences/view/4');
    expect(hitPath(7, { kind: 'campaign', id: 4 })).toBe('/7/campaign/4');
  });
});
