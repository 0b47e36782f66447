import { z } from 'zod';
import { audienceSizeDaySchema, targetInputSchema } from '../records/audience.ts';
import { tagStatsSchema } from '../records/tag.ts';
import { targetNodeSchema } from '../target/tree.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

const idField = z.number().int().positive();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Organization-channel commands of target expressions, audiences, tags and calculated fields. */
export const targetCommands = {
  checkTarget: defineCommand({
    channel: 'organization',
    description:
      'Checks a target expression (text or JSON tree, PROTOCOL §6) against the organization: answers its tree, ' +
      'its canonical text and whether it names a list or an audience (functional §5 warns when it does not: ' +
      'TargetWithoutListError’s message). A parse error is a ValidationError whose detail has the position; ' +
      'names that do not exist, and operators that do not fit a field’s type (TARGET_OPERATORS_BY_TYPE: no ' +
      '"<" on a text, say), are ValidationError details. Needs base or franchisee. Counts go through ' +
      '`query` on subscriber with `filter.target` and `limit: 0`.',
    params: z.object({ organizationId: organizationIdField, target: targetInputSchema }),
    result: z.object({
      tree: targetNodeSchema,
      text: z.string(),
      includesListOrAudience: z.boolean(),
      warning: z.string().optional(),
    }),
  }),
  generateAudience: defineCommand({
    channel: 'organization',
    description:
      'Queues the generation of an audience (a job of kind "audience"): its status goes in-queue, calculating, ' +
      'in-progress, then ready with its size, or error. Refused while the audience is locked. Needs ' +
      'database-manage.',
    params: z.object({ organizationId: organizationIdField, audienceId: idField }),
    result: z.object({ jobId: z.number().int() }),
  }),
  getAudienceSizeHistory: defineCommand({
    channel: 'organization',
    description:
      'The audience’s size per day (the audience report), oldest first, within from–to (inclusive).',
    params: z.object({
      organizationId: organizationIdField,
      audienceId: idField,
      from: isoDay.optional(),
      to: isoDay.optional(),
    }),
    result: z.object({ days: z.array(audienceSizeDaySchema) }),
  }),
  tagSubscribers: defineCommand({
    channel: 'organization',
    description:
      'Adds a tag to subscribers (or removes it, with `remove: true`); at most 10,000 ids a call. Needs ' +
      'database-manage. Answers how many changed.',
    params: z.object({
      organizationId: organizationIdField,
      tagId: idField,
      subscriberIds: z.array(idField).min(1).max(10_000),
      remove: z.boolean().default(false),
    }),
    result: z.object({ changed: z.number().int() }),
  }),
  updateTagStats: defineCommand({
    channel: 'organization',
    description: 'Recounts a tag’s figures now. Needs base.',
    params: z.object({ organizationId: organizationIdField, tagId: idField }),
    result: z.object({ stats: tagStatsSchema }),
  }),
  runCalculatedField: defineCommand({
    channel: 'organization',
    description:
      'Runs a calculated custom field now (a job of kind "calculation"), besides its schedule. Needs ' +
      'database-manage.',
    params: z.object({ organizationId: organizationIdField, customFieldId: idField }),
    result: z.object({ jobId: z.number().int() }),
  }),
};
