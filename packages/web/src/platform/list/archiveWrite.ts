/**
 * The write that archives or unarchives a record: only the flag, with the version read, so a change made
 * meanwhile is refused (StaleRecordError) rather than lost.
 */
export function archiveWrite(
  record: { id: number; version: number },
  isArchived: boolean,
): { id: number; version: number; isArchived: boolean } {
  return { id: record.id, version: record.version, isArchived };
}
