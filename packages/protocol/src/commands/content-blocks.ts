import { z } from 'zod';
import { contentBlockRecordSchema } from '../records/content-block.ts';
import { activityIdField } from './activities.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

export * from '../records/content-block.ts';

/**
 * An activity's content for one partition (functional §3 Activity: partitionContent): the assets the partition
 * opts in to (`assetOptins`, asset ids) and its local content, the `lsm` list of content blocks (`contentId`, a
 * content block id), in the order they show.
 */
export const partitionContentSchema = z.object({
  partitionId: z.number().int(),
  assetOptins: z.array(z.number().int()),
  lsm: z.array(z.object({ contentId: z.number().int() })),
});
export type PartitionContent = z.infer<typeof partitionContentSchema>;

const partitionContentResult = z.object({
  activityId: z.number().int(),
  partitionContent: z.array(partitionContentSchema),
});

/**
 * Organization-channel commands of content blocks and of an activity's partition content (docs/architecture.md
 * § Assets and content blocks).
 */
export const contentBlockCommands = {
  updateContentBlockTarget: defineCommand({
    channel: 'organization',
    description:
      'Sets (or, with null or blank, clears) a content block’s target expression, checked against the ' +
      'organization as audiences check theirs (PROTOCOL §6; a parse error names its position) and stored in its ' +
      'canonical text. Without `contentBlockId` it answers ContentBlockTargetIdError (platform §5: a content-block ' +
      'target update needs a content block id); an unknown block ContentBlockNotFoundError. Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      contentBlockId: z.number().int().positive().optional(),
      target: z.string().max(20_000).nullable(),
    }),
    result: contentBlockRecordSchema,
  }),
  getActivityPartitionContent: defineCommand({
    channel: 'organization',
    description:
      'An activity’s partition content: one entry per partition that has any, by partition id. Needs base or ' +
      'franchisee; a restricted user sees only their partitions’ entries.',
    params: z.object({ organizationId: organizationIdField, activityId: activityIdField }),
    result: partitionContentResult,
  }),
  setActivityPartitionContent: defineCommand({
    channel: 'organization',
    description:
      'Sets one partition’s content of an activity: its asset opt-ins (asset ids of the organization) and its ' +
      'lsm list of content blocks (published blocks of the organization, each at most once). The partition must ' +
      'be one of the activity’s (and of a restricted user’s). Answers the activity’s whole partition content. An ' +
      'archived activity answers ItemNotEditableError. Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      activityId: activityIdField,
      partitionId: z.number().int().positive(),
      assetOptins: z.array(z.number().int().positive()).max(100),
      lsm: z.array(z.object({ contentId: z.number().int().positive() })).max(100),
    }),
    result: partitionContentResult,
  }),
  removeActivityPartitionContent: defineCommand({
    channel: 'organization',
    description:
      'Takes one content block (`contentId`) out of a partition’s lsm list of an activity; a partition left with ' +
      'nothing is dropped. Without `contentId` it answers PartitionContentBlockIdError ("Removing partition ' +
      'content needs a block content id."). Answers the activity’s whole partition content. Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      activityId: activityIdField,
      partitionId: z.number().int().positive(),
      contentId: z.number().int().positive().optional(),
    }),
    result: partitionContentResult,
  }),
} satisfies Record<string, ReturnType<typeof defineCommand>>;
