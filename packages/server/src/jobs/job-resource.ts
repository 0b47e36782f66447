import { JOB_KINDS, JOB_STATUSES, resourceDefinitions } from '@herald/protocol';
import { sql } from 'kysely';
import { validation, implementResource } from '../query/resources.ts';
import { JOB_SELECT, jobRecord } from './job-record.ts';

function oneOf(values: readonly string[], path: string) {
  return (value: unknown) => {
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0 || list.some((item) => typeof item !== 'string' || !values.includes(item)))
      throw validation(path, `Expected one of ${values.join(', ')}`);
    return list as string[];
  };
}

/**
 * Jobs (PROTOCOL §5) as a read-only query type: `{"type": "job", "filter": {"id": …}}` reads one; the export
 * page lists kind export. Any user of the organization may watch its jobs; jobs are not partitioned, so a
 * partition-restricted user sees only the jobs they started.
 */
export const jobResource = implementResource({
  definition: resourceDefinitions.job,
  table: 'job',
  // Screens that follow a job (an import, an export, a calculation) poll it every few seconds.
  watchesBackgroundWork: true,
  select: JOB_SELECT,
  toRecord: (row) => jobRecord(row),
  filters: {
    id: { column: 'job.id' },
    kind: {
      custom: (value) => sql`job.kind IN (${sql.join(oneOf(JOB_KINDS, 'query.filter.kind')(value))})`,
    },
    status: {
      custom: (value) => sql`job.status IN (${sql.join(oneOf(JOB_STATUSES, 'query.filter.status')(value))})`,
    },
    createdBy: { column: 'job.created_by' },
    createdAt: { column: 'job.created_at' },
  },
  sortable: { createdAt: 'created_at', updatedAt: 'updated_at', status: 'status' },
  search: ['job.name'],
  restrictedCondition: (actor) => sql`job.created_by = ${actor.userId}`,
});
