import type { ActivityStatus } from '@herald/protocol';
import { sql } from 'kysely';
import { heraldAreas } from '../src/areas.ts';
import type { RunActivityChecks } from '../src/checks/check-run.ts';
import { workflowArea } from '../src/workflow/area.ts';
import type { TestHerald } from './support/herald.ts';

/**
 * A small checks engine for the workflow's tests: every check passes, except that a subject containing "FAIL"
 * fails the subject check and one containing "SLOW" waits to be cancelled. Its results only drive the activity's status; the checks themselves are tested
 * beside the engine.
 */
export const subjectChecks: RunActivityChecks = async ({ db, actor, activityId, revisionId, signal }) => {
  const rows = await sql<{
    subject: string | null;
  }>`SELECT r.content #>> '{channels,email,subject}' AS subject
    FROM activity_revision r JOIN activity a ON a.id = r.activity_id
    WHERE a.id = ${activityId} AND a.organization_id = ${actor.organizationId}
      AND r.id = coalesce(${revisionId ?? null}::integer, a.latest_revision_id)`.execute(db);
  const subject = rows.rows[0]?.subject ?? '';
  // "SLOW" holds the run until cancelCheck aborts it, so a test can cancel a check midway.
  if (subject.includes('SLOW'))
    await new Promise<void>((_resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the slow check was never cancelled')), 10_000);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      });
    });
  return [
    { name: 'size', status: 'pass', message: 'The email is small.' },
    subject.includes('FAIL')
      ? { name: 'subject', status: 'fail', message: 'The subject says FAIL.' }
      : { name: 'subject', status: 'pass', message: 'The subject is fine.' },
  ];
};

export async function addCampaign(herald: TestHerald, organizationId: number, partitionIds: number[] = []) {
  const row = await herald.database.db
    .insertInto('campaign')
    .values({
      organization_id: organizationId,
      name: 'Workflow campaign',
      start_date: '2030-01-01',
      partition_ids: partitionIds,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An email activity put straight into `status` with what that status stands on: a revision saved by
 * `editorId`, requested for approval (approvalRequested), approved with a passing check (approved and after),
 * and for a queued status a deployment job. Written in SQL so a table test of every status is quick.
 */
export async function activityInStatus(
  herald: TestHerald,
  organizationId: number,
  campaignId: number,
  status: ActivityStatus,
  options: { editorId?: number | null; partitionIds?: number[]; subject?: string } = {},
): Promise<{ id: number; revisionId: number; version: number }> {
  const db = herald.database.db;
  const activity = (
    await sql<{
      id: number;
    }>`INSERT INTO activity (organization_id, campaign_id, type, name, partition_ids, status)
      VALUES (${organizationId}, ${campaignId}, 'email', ${`In ${status}`}, ${options.partitionIds ?? []}::integer[],
        ${status}) RETURNING id`.execute(db)
  ).rows[0]!;
  const content = {
    schemaVersion: 3,
    channels: { email: { subject: options.subject ?? 'Hello', html: '<p>Hi</p>' } },
  };
  const approvalStatus = ['approvalRequested'].includes(status)
    ? 'requested'
    : ['approved', 'scheduled', 'deploying', 'suspended', 'deployed', 'cancelled', 'failed'].includes(status)
      ? 'approved'
      : status === 'rejected'
        ? 'rejected'
        : 'none';
  const revision = (
    await sql<{
      id: number;
    }>`INSERT INTO activity_revision (organization_id, activity_id, content, approval_status, created_by)
      VALUES (${organizationId}, ${activity.id}, ${JSON.stringify(content)}::jsonb, ${approvalStatus},
        ${options.editorId ?? null}) RETURNING id`.execute(db)
  ).rows[0]!;
  await sql`UPDATE activity SET latest_revision_id = ${revision.id} WHERE id = ${activity.id}`.execute(db);
  if (approvalStatus === 'requested' || approvalStatus === 'approved')
    await sql`INSERT INTO approval (organization_id, subject_kind, subject_id, decision)
      VALUES (${organizationId}, 'activityRevision', ${revision.id},
        ${approvalStatus === 'requested' ? 'pending' : 'approved'})`.execute(db);
  if (approvalStatus !== 'none')
    await sql`INSERT INTO workflow_event (organization_id, activity_id, action, from_status, to_status, details)
      VALUES (${organizationId}, ${activity.id}, 'checkFinished', 'checking', 'checked',
        ${JSON.stringify({ revisionId: revision.id, worst: 'pass', checks: [{ name: 'size', status: 'pass', message: 'Small.' }] })}::jsonb)`.execute(
      db,
    );
  if (status === 'scheduled' || status === 'suspended') {
    // Queued for a day ahead so the scheduler leaves it alone during the test.
    const at = new Date(Date.now() + 86_400_000);
    const job = (
      await sql<{ id: number }>`INSERT INTO job (organization_id, kind, name, params, run_at, status)
        VALUES (${organizationId}, 'activityDeployment', 'Deployment',
          ${JSON.stringify({ activityId: activity.id, revisionId: revision.id, at: at.toISOString() })}::jsonb, ${at},
          ${status === 'scheduled' ? 'queued' : 'cancelled'}) RETURNING id`.execute(db)
    ).rows[0]!;
    await sql`UPDATE activity SET deployment_job_id = ${job.id} WHERE id = ${activity.id}`.execute(db);
  }
  return { id: activity.id, revisionId: revision.id, version: 1 };
}

/** Herald's areas with the workflow given `subjectChecks`: the server the workflow and delivery tests start. */
export const areasWithSubjectChecks = heraldAreas.map((area) =>
  area.name === 'workflow' ? workflowArea({ runActivityChecks: subjectChecks }) : area,
);
