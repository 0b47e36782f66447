import { resourceDefinitions } from '@herald/protocol';
import { sql, type RawBuilder } from 'kysely';
import { implementResource, validation } from '../query/resources.ts';
import { REVISION_SELECT, activityRevisionRecord } from './activity-revision-record.ts';

/** Revisions whose activity is in one of these partitions: the activity's partitions are the revision's. */
function inActivityPartitions(partitionIds: readonly number[]): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM activity revised
    WHERE revised.organization_id = activity_revision.organization_id AND revised.id = activity_revision.activity_id
      AND revised.partition_ids && ${partitionIds}::integer[])`;
}

/**
 * Activity revisions (functional §3), read-only here: saveActivityRevision writes them. Newest first by default
 * (the engine's id descending); the editor reads the latest with `{activityId}` and limit 1 (functional §7).
 */
export const activityRevisionResource = implementResource({
  definition: resourceDefinitions.activityRevision,
  table: 'activity_revision',
  select: REVISION_SELECT,
  toRecord: activityRevisionRecord,
  filters: {
    id: { column: 'activity_revision.id' },
    activityId: { column: 'activity_revision.activity_id' },
    partitionIds: {
      custom: (value) => {
        if (!Array.isArray(value) || !value.every((id) => Number.isSafeInteger(id) && Number(id) > 0))
          throw validation('query.filter.partitionIds', 'Expected an array of partition ids');
        return inActivityPartitions(value as number[]);
      },
    },
  },
  sortable: { timestamp: 'created_at' },
  search: [],
  restrictedCondition: (actor) => inActivityPartitions(actor.partitionIds ?? []),
});
