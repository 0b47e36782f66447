import { resourceDefinitions } from '@herald/protocol';
import { sql } from 'kysely';
import { implementResource } from '../query/resources.ts';
import { WORKFLOW_EVENT_SELECT, workflowEventRecord, type WorkflowEventRow } from './workflow-log.ts';

/** The workflow log (query type `workflowEvent`), newest first; a restricted user reads their activities' only. */
export const workflowEventResource = implementResource({
  definition: resourceDefinitions.workflowEvent,
  table: 'workflow_event',
  select: sql<WorkflowEventRow>`${WORKFLOW_EVENT_SELECT}`,
  toRecord: workflowEventRecord,
  filters: {
    id: { column: 'workflow_event.id' },
    activityId: { column: 'workflow_event.activity_id' },
    action: { column: 'workflow_event.action' },
    at: { column: 'workflow_event.at' },
  },
  sortable: { at: 'at' },
  search: [],
  restrictedCondition: (actor) => sql`EXISTS (SELECT 1 FROM activity a WHERE a.id = workflow_event.activity_id
    AND a.partition_ids && ${actor.partitionIds ?? []}::integer[])`,
});
