import { HeraldError, activityIdOf, organizationCommands } from '@herald/protocol';
import { sql } from 'kysely';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { validation } from '../query/resources.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { readVisibleActivity } from './activity-record.ts';
import {
  REVISION_SELECT,
  activityRevisionRecord,
  type ActivityRevisionRow,
} from './activity-revision-record.ts';
import { previewRecipient } from './preview-recipient.ts';
import { renderContentPreview } from './render-preview.ts';
import { saveActivityRevision } from './save-revision.ts';

/** The activity id a client sent, or the catalogue's "Activity ID is not valid". */
function activityIdFrom(value: number | string): number {
  const id = activityIdOf(value);
  if (id === undefined) throw new HeraldError('ActivityIdNotValidError');
  return id;
}

/**
 * saveActivityRevision (content-edit) and renderPreview (base or franchisee, checked here as the query engine
 * does for reading), commands/activities.ts in the contract.
 */
export const activityOrganizationCommands: CommandRegistry = {
  saveActivityRevision: registerCommand(
    organizationCommands.saveActivityRevision,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { services } = context;
      const saved = await services.db
        .transaction()
        .execute((trx) => saveActivityRevision(trx, actor, activityId, params));
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
      return { revisionId: saved.revisionId };
    },
  ),

  renderPreview: registerCommand(
    organizationCommands.renderPreview,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await commandActor(context);
      if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
        throw new HeraldError('PrivilegesError');
      const activityId = activityIdFrom(params.activityId);
      const { db, config } = context.services;
      if (params.variation !== undefined && params.variation !== 0)
        throw validation('variation', 'This content has no variations');
      const activity = await readVisibleActivity(db, actor, activityId);
      if (!activity) throw new HeraldError('ActivityNotFoundError');
      const revisionId = params.revisionId ?? activity.latestRevisionId;
      if (revisionId === null) throw new HeraldError('ActivityFetchError');
      const rows = await sql<ActivityRevisionRow>`SELECT ${REVISION_SELECT} FROM activity_revision
        WHERE id = ${revisionId} AND activity_id = ${activity.id}
          AND organization_id = ${actor.organizationId}`.execute(db);
      const row = rows.rows[0];
      if (!row) throw new HeraldError('ActivityFetchError');
      const recipient = await previewRecipient(db, config, actor, params);
      return renderContentPreview(activity.type, activityRevisionRecord(row).content, recipient);
    },
  ),
};
