import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowKeySet } from './row-key-set.ts';

describe('RowKeySet', () => {
  it('answers the first row of each key, as a Map would, for any keys', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.nat()), { maxLength: 400 }),
        (claims) => {
          const keys = new RowKeySet();
          const expected = new Map<string, number>();
          for (const [key, row] of claims) {
            const held = expected.get(key);
            expect(keys.get(key)).toBe(held);
            if (held === undefined) expected.set(key, row);
            expect(keys.claim(key, row)).toBe(expected.get(key));
          }
          expect(keys.size).toBe(expected.size);
        },
      ),
    );
  });

  it('keeps a million keys apart, growing its table and buffer', () => {
    const keys = new RowKeySet();
    for (let row = 0; row < 1_000_000; row += 1) keys.claim(`subscriber${row}@example.com`, row + 2);
    expect(keys.size).toBe(1_000_000);
    expect(keys.get('subscriber0@example.com')).toBe(2);
    expect(keys.get('subscriber999999@example.com')).toBe(1_000_001);
    expect(keys.get('subscriber1000000@example.com')).toBeUndefined();
    expect(keys.claim('subscriber42@example.com', 7)).toBe(44);
  });

  it('takes keys longer than its scratch space', () => {
    const keys = new RowKeySet();
    const long = 'é'.repeat(5000);
    keys.claim(long, 3);
    expect(keys.get(long)).toBe(3);
    expect(keys.get(`${long}x`)).toBeUndefined();
  });
});
