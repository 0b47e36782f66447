import { describe, expect, it } from 'vitest';
import { mergePushedRecords } from './recordCache.ts';
import { recordsPushOf } from './recordCommands.ts';

describe('pushed records in a cached page', () => {
  const page = {
    records: [
      { id: 1, name: 'One', version: 2 },
      { id: 2, name: 'Two', version: 1 },
    ],
    total: 2,
  };

  it('replaces the older copy of a record', () => {
    const merged = mergePushedRecords(page, [{ id: 2, name: 'Two!', version: 2 }]);
    expect(merged.records).toEqual([page.records[0], { id: 2, name: 'Two!', version: 2 }]);
  });

  it('keeps a newer copy over an older push', () => {
    expect(mergePushedRecords(page, [{ id: 1, name: 'Old', version: 1 }])).toBe(page);
  });

  it('leaves records new to the page to the refetch', () => {
    expect(mergePushedRecords(page, [{ id: 3, name: 'Three', version: 1 }])).toBe(page);
  });

  it('merges a push that carries only some fields', () => {
    const merged = mergePushedRecords(page, [{ id: 1 }]);
    expect(merged.records[0]).toEqual({ id: 1, name: 'One', version: 2 });
  });
});

describe('records pushes', () => {
  it('reads a records event', () => {
    expect(
      recordsPushOf({
        event: 'records',
        organizationId: 7,
        data: { type: 'campaign', records: [{ id: 1 }, 5] },
      }),
    ).toEqual({ organizationId: 7, type: 'campaign', records: [{ id: 1 }] });
  });

  it('ignores other events and malformed ones', () => {
    expect(recordsPushOf({ event: 'accessChanged', data: {} })).toBeNull();
    expect(recordsPushOf({ event: 'records', data: { records: [] } })).toBeNull();
  });
});
