import {
  COMMUNICATION_PREFERENCES,
  DEFAULT_COMMUNICATION_PREFERENCE,
  HeraldError,
  type ActivityContent,
  type ActivityRecord,
  type CommunicationPreference,
  type ActivityStatus,
  type organizationCommands,
  type WorkflowEventRecord,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../database/schema.ts';
import { validation, type Actor } from '../query/resources.ts';
import { returnedRow } from '../query/write-helpers.ts';
import { resetWorkflowForNewRevision } from '../workflow/content-change-reset.ts';
import { ACTIVITY_SELECT, activityRecord, readVisibleActivity, type ActivityRow } from './activity-record.ts';

type SaveParams = z.output<(typeof organizationCommands)['saveActivityRevision']['params']>;
/** What a save needs besides the activity: the content and what is kept with it. */
export type RevisionInput = Pick<SaveParams, 'content' | 'configurations' | 'trackingDomain'>;
/** The new revision's id and the activity as it now is (for the `records` push). */
export interface SavedRevision {
  revisionId: number;
  activity: ActivityRecord;
  /** The log entry of a workflow reset by the new content (workflow/content-change-reset.ts), to push. */
  workflowEvent?: WorkflowEventRecord | undefined;
}

/** Statuses in which content may not change: the activity is on its way out. */
const LOCKED_STATUSES: readonly ActivityStatus[] = ['deploying'];

/**
 * Saves a revision and points the activity's latestRevisionId at it, in the transaction given; answers the
 * revision's id and the activity as it now is (for the `records` push).
 */
export async function saveActivityRevision(
  trx: Transaction<Database>,
  actor: Actor,
  activityId: number,
  params: RevisionInput,
): Promise<SavedRevision> {
  const activity = await readVisibleActivity(trx, actor, activityId, { forUpdate: true });
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  if (activity.isArchived || LOCKED_STATUSES.includes(activity.status))
    throw new HeraldError('ItemNotEditableError');
  checkChannels(activity, params.content.channels);
  const content = await withCommunicationPreference(trx, actor, activity, params.content);
  const inserted = await sql<{ id: number }>`
    INSERT INTO activity_revision (organization_id, activity_id, content, configurations, tracking_domain, created_by)
    VALUES (${actor.organizationId}, ${activity.id}, ${JSON.stringify(content)}::jsonb,
      ${JSON.stringify(params.configurations ?? [])}::jsonb, ${params.trackingDomain ?? null}, ${actor.userId})
    RETURNING id`.execute(trx);
  const revisionId = returnedRow(inserted).id;
  const workflowEvent = await resetWorkflowForNewRevision(trx, actor, activity, revisionId);
  const updated = await sql<ActivityRow>`UPDATE activity SET latest_revision_id = ${revisionId},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${activity.id} AND organization_id = ${actor.organizationId}
    RETURNING ${ACTIVITY_SELECT}`.execute(trx);
  return { revisionId, activity: activityRecord(returnedRow(updated)), workflowEvent };
}

/** A revision holds its activity's channel and no other (besides `features`, which every channel shares). */
export function checkChannels(activity: ActivityRecord, channels: Record<string, unknown>): void {
  for (const channel of Object.keys(channels)) {
    if (channel !== 'features' && channel !== activity.type && channels[channel] !== undefined)
      throw validation(
        `content.channels.${channel}`,
        `A ${activity.type} activity has no ${channel} content`,
      );
  }
  if (channels[activity.type] === undefined)
    throw validation(
      `content.channels.${activity.type}`,
      `A ${activity.type} activity needs its ${activity.type} content`,
    );
}

function isPreference(value: unknown): value is CommunicationPreference {
  return (COMMUNICATION_PREFERENCES as readonly unknown[]).includes(value);
}

/**
 * Functional §3: lsmoptin.defaultCommunicationPreference is optin by default and changes only when the value
 * given is optin or optout. A missing or other value keeps what the activity's latest revision had.
 */
async function withCommunicationPreference(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  content: RevisionInput['content'],
): Promise<ActivityContent> {
  const features = content.channels.features ?? {};
  const lsmoptin = features.lsmoptin ?? {};
  let preference: CommunicationPreference = DEFAULT_COMMUNICATION_PREFERENCE;
  if (isPreference(lsmoptin.defaultCommunicationPreference))
    preference = lsmoptin.defaultCommunicationPreference;
  else if (activity.latestRevisionId !== null) {
    const previous = await sql<{ preference: unknown }>`
      SELECT content #>> '{channels,features,lsmoptin,defaultCommunicationPreference}' AS preference
      FROM activity_revision
      WHERE id = ${activity.latestRevisionId} AND organization_id = ${actor.organizationId}`.execute(trx);
    const stored = previous.rows[0]?.preference;
    if (isPreference(stored)) preference = stored;
  }
  return {
    ...content,
    channels: {
      ...content.channels,
      features: { ...features, lsmoptin: { ...lsmoptin, defaultCommunicationPreference: preference } },
    },
  };
}
