import { describe, expect, it } from 'vitest';
import { subscriberQueryFilter, targetFromParam, targetParam } from './subscribers.ts';

describe('the subscribers screen', () => {
  it('reads a target from the URL and writes it back in its canonical text', () => {
    const tree = targetFromParam('country = "AU"   and list 3');
    expect(tree).not.toBeNull();
    expect(targetParam(tree)).toBe(targetParam(targetFromParam(targetParam(tree))));
    expect(targetFromParam('country = ')).toBeNull();
    expect(targetFromParam('')).toBeNull();
    expect(targetParam(null)).toBeNull();
  });

  it('asks for the whole organization, narrowed by the status filter and the target', () => {
    expect(subscriberQueryFilter({ filter: 'all' }, null)).toEqual({});
    expect(subscriberQueryFilter({ filter: 'invalid' }, null)).toEqual({ isInvalid: true });
    const filter = subscriberQueryFilter({ filter: 'unsubscribed' }, targetFromParam('list 3'));
    expect(filter).toEqual({ isUnsubscribed: true, target: targetParam(targetFromParam('list 3')) });
    expect(filter).not.toHaveProperty('listId');
  });
});
