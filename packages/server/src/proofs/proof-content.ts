import {
  countCombinations,
  HeraldError,
  type ActivityContent,
  type ActivityRecord,
  type RenderedPreview,
} from '@herald/protocol';
import type { Kysely } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { contentVersion } from '../activities/content-version.ts';
import { withFreshDesign } from '../activities/fresh-email-design.ts';
import { renderContentPreview } from '../activities/render-preview.ts';
import { readActivityRevision } from '../activities/revision-history.ts';
import type { Recipient } from '../content/recipient-scope.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/** An activity's revision as proofs read it: the content and how many versions it has (1 unless multivariate). */
export interface ProofContent {
  activity: ActivityRecord;
  revisionId: number;
  content: ActivityContent;
  versions: number;
}

/**
 * The revision a proof is made of: the one named, else the latest. An activity the actor cannot see answers
 * ActivityNotFoundError; one never saved, ActivityFetchError ("Unable to fetch activity").
 */
export async function readProofContent(
  db: Kysely<Database>,
  actor: Actor,
  activityId: number,
  revisionId?: number,
): Promise<ProofContent> {
  const activity = await readVisibleActivity(db, actor, activityId);
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  const id = revisionId ?? activity.latestRevisionId;
  if (id === null) throw new HeraldError('ActivityFetchError');
  const { content } = await readActivityRevision(db, actor, activity, id);
  const versions = content.channels.email ? countCombinations(content.channels.email) : 1;
  return { activity, revisionId: id, content, versions };
}

/**
 * Version `variation` of the content as renderPreview renders it: a designed e-mail with its content blocks and
 * theme as they are now. Read once per version, then rendered for each recipient (renderProofFor).
 */
export async function proofVersion(
  db: Kysely<Database>,
  actor: Actor,
  proof: ProofContent,
  variation: number,
): Promise<ActivityContent> {
  const version = contentVersion(proof.content, variation);
  const email = version.channels.email;
  return email
    ? { ...version, channels: { ...version.channels, email: await withFreshDesign(db, actor, email) } }
    : version;
}

/** A version as `recipient` gets it. Render problems are in `errors`, never thrown. */
export function renderProofFor(
  proof: ProofContent,
  version: ActivityContent,
  recipient: Recipient,
): Promise<RenderedPreview> {
  return renderContentPreview(proof.activity.type, version, recipient);
}
