import type { StoredRecord } from './recordCommands.ts';

/** A cached answer of `query`. */
export interface RecordPage {
  records: StoredRecord[];
  total: number;
}

/**
 * A cached page with pushed records put in place of their older copies (those with a lower version, or any
 * when versions are missing). Records new to the page are not added: whether they belong to it depends on
 * the filter, sort and page, which the refetch that follows every push settles.
 */
export function mergePushedRecords(page: RecordPage, pushed: readonly StoredRecord[]): RecordPage {
  if (pushed.length === 0) return page;
  const byId = new Map(pushed.map((record) => [record.id, record]));
  let changed = false;
  const records = page.records.map((record) => {
    const fresh = byId.get(record.id);
    if (!fresh || isOlder(fresh, record)) return record;
    changed = true;
    return { ...record, ...fresh };
  });
  return changed ? { ...page, records } : page;
}

function isOlder(candidate: StoredRecord, current: StoredRecord): boolean {
  return (
    typeof candidate.version === 'number' &&
    typeof current.version === 'number' &&
    candidate.version < current.version
  );
}
