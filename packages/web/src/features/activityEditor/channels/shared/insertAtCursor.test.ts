import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insertAtCursor.ts';

describe('inserting a field', () => {
  it('goes where the caret is, replacing a selection, with the caret after it', () => {
    expect(insertAtCursor('Hi !', '{{ x }}', 3, 3)).toEqual({ text: 'Hi {{ x }}!', caret: 10 });
    expect(insertAtCursor('Hi you!', 'Ann', 3, 6)).toEqual({ text: 'Hi Ann!', caret: 6 });
  });

  it('goes at the end when the field never had the caret', () => {
    expect(insertAtCursor('Hi ', 'Ann', null, null)).toEqual({ text: 'Hi Ann', caret: 6 });
    expect(insertAtCursor('Hi', 'x', 99, 120)).toEqual({ text: 'Hix', caret: 3 });
  });
});
