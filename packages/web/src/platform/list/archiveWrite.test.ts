import { describe, expect, it } from 'vitest';
import { archiveWrite } from './archiveWrite.ts';

describe('archiveWrite', () => {
  it('writes only the flag, with the version read', () => {
    expect(
      archiveWrite({ id: 5, version: 3, name: 'Kept out' } as { id: number; version: number }, true),
    ).toEqual({
      id: 5,
      version: 3,
      isArchived: true,
    });
    expect(archiveWrite({ id: 5, version: 4 }, false)).toEqual({ id: 5, version: 4, isArchived: false });
  });
});
