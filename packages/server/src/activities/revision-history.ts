import {
  HeraldError,
  activityContentInputSchema,
  type ActivityRecord,
  type ActivityRevisionRecord,
  type RevisionChange,
} from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor } from '../query/resources.ts';
import { readVisibleActivity } from './activity-record.ts';
import {
  REVISION_SELECT,
  activityRevisionRecord,
  type ActivityRevisionRow,
} from './activity-revision-record.ts';
import { compareContents } from './compare-contents.ts';
import { saveActivityRevision, type SavedRevision } from './save-revision.ts';

/** One of the activity's revisions, or the catalogue's "Unable to fetch activity" for any other id. */
export async function readActivityRevision(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  revisionId: number,
): Promise<ActivityRevisionRecord> {
  const rows = await sql<ActivityRevisionRow>`SELECT ${REVISION_SELECT} FROM activity_revision
    WHERE id = ${revisionId} AND activity_id = ${activity.id} AND organization_id = ${actor.organizationId}`.execute(
    db,
  );
  const row = rows.rows[0];
  if (!row) throw new HeraldError('ActivityFetchError');
  return activityRevisionRecord(row);
}

/**
 * Saves an earlier revision's content (with its configurations and tracking domain) as a new revision, by
 * saveActivityRevision itself, in the transaction given: the same checks, the same approval (none) and the
 * same move of latestRevisionId.
 */
export async function restoreActivityRevision(
  trx: Transaction<Database>,
  actor: Actor,
  activityId: number,
  revisionId: number,
): Promise<SavedRevision> {
  const activity = await readVisibleActivity(trx, actor, activityId, { forUpdate: true });
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  const earlier = await readActivityRevision(trx, actor, activity, revisionId);
  // Read back through the contract, so content saved under older rules is refused rather than copied unchecked.
  const content = activityContentInputSchema.safeParse(earlier.content);
  if (!content.success)
    throw validation('revisionId', 'This revision’s content no longer passes the content rules');
  return saveActivityRevision(trx, actor, activity.id, {
    content: content.data,
    configurations: earlier.configurations,
    trackingDomain: earlier.trackingDomain ?? undefined,
  });
}

/** The changes from one of the activity's revisions to another (compare-contents.ts). */
export async function compareActivityRevisions(
  db: Kysely<Database>,
  actor: Actor,
  activityId: number,
  fromRevisionId: number,
  toRevisionId: number,
): Promise<RevisionChange[]> {
  const activity = await readVisibleActivity(db, actor, activityId);
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  const from = await readActivityRevision(db, actor, activity, fromRevisionId);
  const to = await readActivityRevision(db, actor, activity, toRevisionId);
  return compareContents(from.content, to.content);
}
