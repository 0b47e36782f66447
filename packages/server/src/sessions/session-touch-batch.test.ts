import { describe, expect, it } from 'vitest';
import { takeBatch } from './session-touch-batch.ts';

describe('taking a batch of session touches', () => {
  it.each([
    [[], [], []],
    [['a', 'b', 'c'], ['a', 'b', 'c'], []],
    [['a', 'a', 'b'], ['a', 'b'], ['a']],
    [
      ['a', 'b', 'a', 'a'],
      ['a', 'b'],
      ['a', 'a'],
    ],
  ])('%j → batch %j, later %j', (ids, batch, later) => {
    const taken = takeBatch(ids.map((idHash) => ({ idHash })));
    expect(taken.batch.map((touch) => touch.idHash)).toEqual(batch);
    expect(taken.later.map((touch) => touch.idHash)).toEqual(later);
  });

  it('takes at most 500 and leaves the rest in order', () => {
    const taken = takeBatch(Array.from({ length: 1203 }, (_, index) => ({ idHash: `s${index}` })));
    expect(taken.batch).toHaveLength(500);
    expect(taken.later[0]?.idHash).toBe('s500');
    expect(taken.later).toHaveLength(703);
  });
});
