import {
  HeraldError,
  activityIdOf,
  organizationCommands,
  type ActivityContent,
  type ActivityContentInput,
  type ActivityRecord,
} from '@herald/protocol';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { announceWorkflowEvents } from '../workflow/workflow-log.ts';
import { readVisibleActivity } from './activity-record.ts';
import { contentVersion } from './content-version.ts';
import { withFreshDesign } from './fresh-email-design.ts';
import { previewRecipient } from './preview-recipient.ts';
import { renderContentPreview } from './render-preview.ts';
import {
  compareActivityRevisions,
  readActivityRevision,
  restoreActivityRevision,
} from './revision-history.ts';
import { listTestProfiles } from './test-profiles.ts';
import { checkChannels, saveActivityRevision, type SavedRevision } from './save-revision.ts';

/** The activity id a client sent, or the catalogue's "Activity ID is not valid". */
function activityIdFrom(value: number | string): number {
  const id = activityIdOf(value);
  if (id === undefined) throw new HeraldError('ActivityIdNotValidError');
  return id;
}

/** The actor of a command that reads activities: base or franchisee, as the query engine checks for reading. */
async function readingActor(context: CommandContext): Promise<Actor> {
  const actor = await commandActor(context);
  if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
    throw new HeraldError('PrivilegesError');
  return actor;
}

/** Pushes a saved revision beside its activity; a failed push is logged, the save stands. */
async function announceRevision(services: Services, actor: Actor, saved: SavedRevision): Promise<void> {
  const { activity } = saved;
  const announced = [
    { type: 'activity' as const, records: [activity] },
    // The revision's partitions are its activity's: restricted connections are told of those they may read.
    {
      type: 'activityRevision' as const,
      records: [{ id: saved.revisionId, activityId: activity.id, partitionIds: activity.partitionIds }],
    },
  ];
  for (const change of announced)
    await services.recordChanges
      .announce({ organizationId: actor.organizationId, ...change })
      .catch((error: unknown) => services.log.error({ err: error }, 'announcing an activity failed'));
  if (saved.workflowEvent)
    await announceWorkflowEvents(services, actor.organizationId, [saved.workflowEvent]);
}

/**
 * saveActivityRevision and restoreActivityRevision (content-edit); renderPreview and compareActivityRevisions (base or franchisee, checked here as the query engine
 * do for reading), commands/activities.ts in the contract.
 */
export const activityOrganizationCommands: CommandRegistry = {
  saveActivityRevision: registerCommand(
    organizationCommands.saveActivityRevision,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const activityId = activityIdFrom(params.activityId);
      const saved = await context.services.db
        .transaction()
        .execute((trx) => saveActivityRevision(trx, actor, activityId, params));
      await announceRevision(context.services, actor, saved);
      return { revisionId: saved.revisionId };
    },
  ),

  restoreActivityRevision: registerCommand(
    organizationCommands.restoreActivityRevision,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const activityId = activityIdFrom(params.activityId);
      const saved = await context.services.db
        .transaction()
        .execute((trx) => restoreActivityRevision(trx, actor, activityId, params.revisionId));
      await announceRevision(context.services, actor, saved);
      return { revisionId: saved.revisionId };
    },
  ),

  compareActivityRevisions: registerCommand(
    organizationCommands.compareActivityRevisions,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await readingActor(context);
      const activityId = activityIdFrom(params.activityId);
      const changes = await compareActivityRevisions(
        context.services.db,
        actor,
        activityId,
        params.fromRevisionId,
        params.toRevisionId,
      );
      return { changes };
    },
  ),

  listTestProfiles: registerCommand(
    organizationCommands.listTestProfiles,
    { kind: 'organization', capabilities: [] },
    async (_params, context) => {
      const actor = await readingActor(context);
      return { testProfiles: await listTestProfiles(context.services.db, actor) };
    },
  ),

  renderPreview: registerCommand(
    organizationCommands.renderPreview,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await readingActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { db, config } = context.services;
      const activity = await readVisibleActivity(db, actor, activityId);
      if (!activity) throw new HeraldError('ActivityNotFoundError');
      const content = params.content ? draftContent(activity, params.content) : undefined;
      const revisionId = params.revisionId ?? activity.latestRevisionId;
      if (!content && revisionId === null) throw new HeraldError('ActivityFetchError');
      const saved = content ?? (await readActivityRevision(db, actor, activity, revisionId!)).content;
      const version = contentVersion(saved, params.variation ?? 0);
      const email = version.channels.email;
      const fresh = email
        ? { ...version, channels: { ...version.channels, email: await withFreshDesign(db, actor, email) } }
        : version;
      const recipient = await previewRecipient(db, config, actor, params);
      return renderContentPreview(activity.type, fresh, recipient);
    },
  ),
};

/**
 * A draft the editor previews before saving: checked as a save would check its channels, and given the default
 * communication preference, since a preview reads none of it.
 */
function draftContent(activity: ActivityRecord, content: ActivityContentInput): ActivityContent {
  checkChannels(activity, content.channels);
  return {
    ...content,
    channels: { ...content.channels, features: { lsmoptin: { defaultCommunicationPreference: 'optin' } } },
  } as ActivityContent;
}
