import { HeraldError, type WorkflowParticipant } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An activity's participants, in the order they were added. */
export async function listParticipants(
  db: Db,
  organizationId: number,
  activityId: number,
): Promise<WorkflowParticipant[]> {
  const rows = await sql<{ user_id: number; email: string }>`SELECT p.user_id, u.email
    FROM activity_participant p JOIN user_account u ON u.id = p.user_id
    WHERE p.organization_id = ${organizationId} AND p.activity_id = ${activityId}
    ORDER BY p.added_at, p.user_id`.execute(db);
  return rows.rows.map((row) => ({ userId: row.user_id, email: row.email, name: row.email }));
}

export async function isParticipant(
  db: Db,
  organizationId: number,
  activityId: number,
  userId: number,
): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM activity_participant
    WHERE organization_id = ${organizationId} AND activity_id = ${activityId} AND user_id = ${userId}`.execute(
    db,
  );
  return rows.rows.length > 0;
}

/**
 * Adds a user of the organization, found by sign-in address, as a participant (again is a no-op); answers
 * them. Functional §5: someone who is not in the organization has no Participant role there, and the spec's
 * sentence says so.
 */
export async function addParticipant(
  trx: Transaction<Database>,
  organizationId: number,
  activityId: number,
  email: string,
  addedBy: number,
): Promise<WorkflowParticipant> {
  const rows = await sql<{ id: number; email: string }>`SELECT u.id, u.email FROM user_account u
    JOIN organization_access oa ON oa.user_id = u.id AND oa.organization_id = ${organizationId}
    WHERE lower(u.email) = lower(${email}) AND NOT u.disabled`.execute(trx);
  const user = rows.rows[0];
  if (!user) throw new HeraldError('ParticipantRoleMissingError', { values: { participant: email } });
  await sql`INSERT INTO activity_participant (organization_id, activity_id, user_id, added_by)
    VALUES (${organizationId}, ${activityId}, ${user.id}, ${addedBy})
    ON CONFLICT (activity_id, user_id) DO NOTHING`.execute(trx);
  return { userId: user.id, email: user.email, name: user.email };
}

/** Removes a participant; answers whether they were one. */
export async function removeParticipant(
  trx: Transaction<Database>,
  organizationId: number,
  activityId: number,
  userId: number,
): Promise<boolean> {
  const rows = await sql`DELETE FROM activity_participant
    WHERE organization_id = ${organizationId} AND activity_id = ${activityId} AND user_id = ${userId}
    RETURNING user_id`.execute(trx);
  return rows.rows.length > 0;
}
