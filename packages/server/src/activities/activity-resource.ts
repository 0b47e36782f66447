import { activityWriteSchema, resourceDefinitions } from '@herald/protocol';
import { implementResource } from '../query/resources.ts';
import { writeEach } from '../query/write-helpers.ts';
import { ACTIVITY_SELECT, activityRecord } from './activity-record.ts';
import { activityViewCondition } from './activity-views.ts';
import { writeActivity } from './write-activity.ts';

/**
 * Activities (PROTOCOL §7, functional §3): read by head office and franchisees, written by content editors. A
 * partition-restricted user sees the activities sharing one of their partitions. Changes are announced to
 * `activity` subscribers by writeRecords (query/commands.ts) and by saveActivityRevision.
 */
export const activityResource = implementResource({
  definition: resourceDefinitions.activity,
  table: 'activity',
  select: ACTIVITY_SELECT,
  toRecord: activityRecord,
  filters: {
    id: { column: 'activity.id' },
    campaignId: { column: 'activity.campaign_id' },
    type: { column: 'activity.type' },
    status: { column: 'activity.status' },
    name: { column: 'activity.name' },
    isArchived: { column: 'activity.is_archived' },
    partitionIds: { column: 'activity.partition_ids' },
    updatedAt: { column: 'activity.updated_at' },
    view: { custom: (value) => activityViewCondition(value) },
  },
  sortable: {
    name: 'name',
    date: 'date',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: ['activity.name'],
  partitionColumn: 'activity.partition_ids',
  write: writeEach(activityWriteSchema, writeActivity),
});
