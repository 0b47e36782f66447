import type { ActivityRevisionRecord } from '@herald/protocol';
import { sql, type Selectable } from 'kysely';
import type { ActivityRevisionTable } from './tables.ts';

/** A revision as REVISION_SELECT reads it. */
export type ActivityRevisionRow = Omit<Selectable<ActivityRevisionTable>, 'organization_id'>;

export const REVISION_SELECT = sql<ActivityRevisionRow>`activity_revision.id, activity_revision.activity_id,
  activity_revision.content, activity_revision.configurations, activity_revision.approval_status,
  activity_revision.integration_id, activity_revision.tracking_domain, activity_revision.created_by,
  activity_revision.created_at`;

/** The record of a row; the content was checked against the contract's schema when it was saved. */
export function activityRevisionRecord(row: ActivityRevisionRow): ActivityRevisionRecord {
  return {
    id: row.id,
    activityId: row.activity_id,
    content: row.content as ActivityRevisionRecord['content'],
    configurations: row.configurations,
    timestamp: new Date(row.created_at).toISOString(),
    approvalStatus: row.approval_status as ActivityRevisionRecord['approvalStatus'],
    integrationId: row.integration_id,
    trackingDomain: row.tracking_domain,
    createdBy: row.created_by,
  };
}
