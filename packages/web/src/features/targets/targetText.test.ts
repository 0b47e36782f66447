import { describe, expect, it } from 'vitest';
import { caretLine, placeOf, readTargetText, sameTarget, targetText } from './targetText.ts';

describe('placeOf', () => {
  it('finds the line and column of an offset', () => {
    expect(placeOf('list 1 and\ncountry = ', 21)).toEqual({ line: 2, column: 11, lineText: 'country = ' });
    expect(placeOf('list x', 5)).toEqual({ line: 1, column: 6, lineText: 'list x' });
  });

  it('keeps offsets beyond the text at its end', () => {
    expect(placeOf('tag', 99)).toEqual({ line: 1, column: 4, lineText: 'tag' });
  });
});

describe('caretLine', () => {
  it('puts the caret under the column, keeping tabs', () => {
    expect(caretLine({ line: 1, column: 6, lineText: 'list x' })).toBe('     ^');
    expect(caretLine({ line: 1, column: 3, lineText: '\tax' })).toBe('\t ^');
  });
});

describe('readTargetText', () => {
  it('reads an empty text as no target', () => {
    expect(readTargetText('  ')).toEqual({ ok: true, tree: null });
  });

  it('reads a target', () => {
    const reading = readTargetText('LIST 12 and country = "AU"');
    expect(reading.ok && targetText(reading.tree)).toBe('list 12 and country = "AU"');
  });

  it('answers a parse error with its place', () => {
    const reading = readTargetText('list 12 and\nlist x');
    expect(reading.ok).toBe(false);
    if (!reading.ok) {
      expect(reading.place.line).toBe(2);
      expect(reading.place.column).toBe(6);
    }
  });
});

describe('sameTarget', () => {
  it('compares by canonical text', () => {
    expect(sameTarget({ type: 'tag', tagId: 1 }, { type: 'tag', tagId: 1 })).toBe(true);
    expect(sameTarget(null, { type: 'tag', tagId: 1 })).toBe(false);
    expect(sameTarget(null, null)).toBe(true);
  });
});
