import type { Services } from '../services.ts';
import { readListRecords } from '../lists/list-record.ts';

/**
 * Pushes changed subscribers and lists to subscribed connections after the transaction committed. The change
 * is stored already, so a failed push is logged rather than answered as a failure.
 */
export async function announceChanges(
  services: Services,
  organizationId: number,
  changes: { subscribers?: Array<Record<string, unknown>>; listIds?: readonly number[] },
): Promise<void> {
  try {
    if (changes.subscribers && changes.subscribers.length > 0)
      await services.recordChanges.announce({
        organizationId,
        type: 'subscriber',
        records: changes.subscribers,
      });
    if (changes.listIds && changes.listIds.length > 0) {
      const lists = await readListRecords(services.db, organizationId, changes.listIds);
      await services.recordChanges.announce({ organizationId, type: 'list', records: lists });
    }
  } catch (error) {
    services.log.error({ err: error }, 'announcing changed records failed');
  }
}
