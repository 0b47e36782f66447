import { HeraldError, type ActivityRecord, type ReportRun } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';

/** What one report reads: the activity, its runs, the run asked for, and who is asking. */
export interface ReportScope {
  actor: Actor;
  activity: ActivityRecord;
  /** Every run of the activity, oldest first. */
  runs: ReportRun[];
  /** The run the report is narrowed to, if any. */
  runId: number | undefined;
  /** The runs the report covers: the one asked for, or all. */
  covered: ReportRun[];
  /** The revision the covered runs sent last (variation names, links): null before any run. */
  revisionId: number | null;
}

/** The activity (the actor's to see), its runs, and the run asked for, or the catalogue's errors. */
export async function reportScope(
  db: Kysely<Database>,
  actor: Actor,
  activityId: number,
  runId: number | undefined,
): Promise<ReportScope> {
  const activity = await readVisibleActivity(db, actor, activityId);
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  const { rows } = await sql<{
    id: string;
    revision_id: number;
    status: string;
    recipients: number;
    sent: number;
    failed: number;
    started_at: Date;
    finished_at: Date | null;
  }>`SELECT id, revision_id, status, recipients, sent, failed, started_at, finished_at FROM deployment_run
    WHERE organization_id = ${actor.organizationId} AND activity_id = ${activityId} ORDER BY id`.execute(db);
  const runs = rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    recipients: row.recipients,
    sent: row.sent,
    failed: row.failed,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  }));
  if (runId !== undefined && !runs.some((run) => run.id === runId)) throw new HeraldError('NotFoundError');
  const covered = runId === undefined ? runs : runs.filter((run) => run.id === runId);
  const last = covered.at(-1);
  const revisionId = last ? (rows.find((row) => Number(row.id) === last.id)?.revision_id ?? null) : null;
  return { actor, activity, runs, runId, covered, revisionId };
}

/**
 * The subscribers the actor may count: a restricted user only their partitions' (docs/architecture.md
 * § Reports), on a join
 * to `subscriber s`. A head-office user's reports need no join for it.
 */
export function subscriberVisibility(scope: ReportScope): RawBuilder<unknown> {
  return partitionVisibility('s.partition_ids', scope.actor);
}

/** The ledger rows of the report: the activity's deliveries, in the run asked for. */
export function deliveryCondition(scope: ReportScope, alias = 'd'): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const run = scope.runId === undefined ? sql`true` : sql`${column('run_id')} = ${scope.runId}`;
  return sql`${column('organization_id')} = ${scope.actor.organizationId}
    AND ${column('activity_id')} = ${scope.activity.id} AND ${run}`;
}

/** The first moment an event of the report can have: its first covered run's start. */
export function eventsSince(scope: ReportScope): Date | undefined {
  const first = scope.covered[0];
  return first ? new Date(first.startedAt) : undefined;
}
