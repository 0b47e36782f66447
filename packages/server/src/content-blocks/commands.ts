import {
  HeraldError,
  activityIdOf,
  organizationCommands,
  printTarget,
  type ActivityRecord,
  type ContentBlockRecord,
} from '@herald/protocol';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { readingActor } from '../assets/commands.ts';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import type { Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { checkTarget } from '../targets/target-input.ts';
import {
  editableActivity,
  readPartitionContent,
  removePartitionContent,
  setPartitionContent,
} from './partition-content.ts';
import { updateContentBlockTarget } from './write-content-block.ts';

function activityIdFrom(value: number | string): number {
  const id = activityIdOf(value);
  if (id === undefined) throw new HeraldError('ActivityIdNotValidError');
  return id;
}

async function announce(
  services: Services,
  actor: Actor,
  type: 'contentBlock' | 'activity',
  records: Array<Pick<ContentBlockRecord | ActivityRecord, 'id' | 'partitionIds'>>,
): Promise<void> {
  await services.recordChanges
    .announce({ organizationId: actor.organizationId, type, records })
    .catch((error: unknown) => services.log.error({ err: error }, `announcing a ${type} failed`));
}

/**
 * updateContentBlockTarget and the partition content of activities (set and remove: content-edit; get: base
 * or franchisee), commands/content-blocks.ts in the contract.
 */
export const contentBlockOrganizationCommands: CommandRegistry = {
  updateContentBlockTarget: registerCommand(
    organizationCommands.updateContentBlockTarget,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      if (params.contentBlockId === undefined) throw new HeraldError('ContentBlockTargetIdError');
      const contentBlockId = params.contentBlockId;
      const actor = await commandActor(context);
      const { services } = context;
      const block = await services.db.transaction().execute((trx) =>
        updateContentBlockTarget(trx, actor, contentBlockId, params.target, async (text) => {
          const { tree } = await checkTarget(trx, actor, text, 'target');
          return printTarget(tree);
        }),
      );
      await announce(services, actor, 'contentBlock', [block]);
      return block;
    },
  ),

  getActivityPartitionContent: registerCommand(
    organizationCommands.getActivityPartitionContent,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await readingActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { db } = context.services;
      if (!(await readVisibleActivity(db, actor, activityId))) throw new HeraldError('ActivityNotFoundError');
      return { activityId, partitionContent: await readPartitionContent(db, actor, activityId) };
    },
  ),

  setActivityPartitionContent: registerCommand(
    organizationCommands.setActivityPartitionContent,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { services } = context;
      const { activity, partitionContent } = await services.db.transaction().execute(async (trx) => {
        const activity = await editableActivity(trx, actor, activityId);
        await setPartitionContent(trx, actor, activity, {
          partitionId: params.partitionId,
          assetOptins: params.assetOptins,
          lsm: params.lsm,
        });
        return { activity, partitionContent: await readPartitionContent(trx, actor, activityId) };
      });
      await announce(services, actor, 'activity', [activity]);
      return { activityId, partitionContent };
    },
  ),

  removeActivityPartitionContent: registerCommand(
    organizationCommands.removeActivityPartitionContent,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      if (params.contentId === undefined) throw new HeraldError('PartitionContentBlockIdError');
      const contentId = params.contentId;
      const actor = await commandActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { services } = context;
      const { activity, partitionContent } = await services.db.transaction().execute(async (trx) => {
        const activity = await editableActivity(trx, actor, activityId);
        await removePartitionContent(trx, actor, activity, params.partitionId, contentId);
        return { activity, partitionContent: await readPartitionContent(trx, actor, activityId) };
      });
      await announce(services, actor, 'activity', [activity]);
      return { activityId, partitionContent };
    },
  ),
};
