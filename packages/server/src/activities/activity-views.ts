import { ACTIVITY_FILTERS, RECENT_ACTIVITY_DAYS } from '@herald/protocol';
import { sql, type RawBuilder } from 'kysely';
import { validation } from '../query/resources.ts';

/**
 * The activity list's views (functional §2: recent, deployed, modified, archived), as the contract's
 * description of the `view` filter says. Every view but `archived` leaves archived activities out.
 * - recent: changed in the last RECENT_ACTIVITY_DAYS days (on the updated_at index);
 * - deployed: status deployed;
 * - modified: changed since it was approved: a target or date change reset its approval (approval_reset_at),
 *   or content was saved after a revision that was approved, so what would go out is not what was approved.
 */
export function activityViewCondition(value: unknown): RawBuilder<unknown> {
  if (typeof value !== 'string' || !(ACTIVITY_FILTERS as readonly string[]).includes(value))
    throw validation('query.filter.view', `Expected one of ${ACTIVITY_FILTERS.join(', ')}`);
  switch (value) {
    case 'archived':
      return sql`activity.is_archived = true`;
    case 'deployed':
      return sql`activity.is_archived = false AND activity.status = 'deployed'`;
    case 'modified':
      return sql`activity.is_archived = false AND (activity.approval_reset_at IS NOT NULL OR EXISTS (
        SELECT 1 FROM activity_revision approved
        WHERE approved.organization_id = activity.organization_id AND approved.activity_id = activity.id
          AND approved.approval_status = 'approved' AND approved.id < activity.latest_revision_id))`;
    default:
      return sql`activity.is_archived = false
        AND activity.updated_at >= now() - make_interval(days => ${RECENT_ACTIVITY_DAYS})`;
  }
}
