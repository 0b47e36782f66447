import type { ActivityRecord } from '@herald/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import type { ActivityTable } from './tables.ts';

/** An activity as ACTIVITY_SELECT reads it. */
export type ActivityRow = Omit<Selectable<ActivityTable>, 'organization_id' | 'created_by'>;

export const ACTIVITY_SELECT = sql<ActivityRow>`activity.id, activity.campaign_id, activity.type, activity.name,
  activity.date, activity.target, activity.template_url, activity.latest_revision_id, activity.partition_ids,
  activity.distribution, activity.send_limit, activity.throttle, activity.frequency, activity.status, activity.notes,
  activity.approval_reset_at, activity.is_archived, activity.created_at, activity.updated_at, activity.version`;

const iso = (value: Date) => new Date(value).toISOString();

/**
 * The record of a row. The JSON columns and the type and status texts were checked by the contract's schemas
 * when written; the integration suite checks every answer against the record schema again (validateResults).
 */
export function activityRecord(row: ActivityRow): ActivityRecord {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    type: row.type as ActivityRecord['type'],
    name: row.name,
    date: row.date ? iso(row.date) : null,
    target: row.target,
    templateUrl: row.template_url,
    latestRevisionId: row.latest_revision_id,
    partitionIds: row.partition_ids,
    distribution: row.distribution as ActivityRecord['distribution'],
    sendLimit: row.send_limit,
    throttle: row.throttle,
    frequency: row.frequency as ActivityRecord['frequency'],
    status: row.status as ActivityRecord['status'],
    notes: row.notes,
    approvalResetAt: row.approval_reset_at ? iso(row.approval_reset_at) : null,
    isArchived: row.is_archived,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/**
 * The activity when the actor may reach it (its organization's, and one of a restricted user's partitions);
 * undefined otherwise. `forUpdate` locks it for the transaction.
 */
export async function readVisibleActivity(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  activityId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ActivityRecord | undefined> {
  const lock = options.forUpdate ? sql`FOR UPDATE` : sql``;
  const rows = await sql<ActivityRow>`SELECT ${ACTIVITY_SELECT} FROM activity
    WHERE activity.id = ${activityId} AND activity.organization_id = ${actor.organizationId}
      AND ${partitionVisibility('activity.partition_ids', actor)} ${lock}`.execute(db);
  const row = rows.rows[0];
  return row ? activityRecord(row) : undefined;
}
