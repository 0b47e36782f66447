import { z } from 'zod';
import { activityIdField } from './activities.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/** One recipient of a group, to show and to open: the first failed delivery of its kind. */
export const sendingErrorSampleSchema = z.object({
  deliveryId: z.number().int(),
  subscriberId: z.number().int(),
  email: z.string().optional(),
  /** The server's stack when the message failed, for support. */
  trace: z.string().optional(),
  /** The text of the template line the error names, in the revision the run sent. */
  context: z.string().optional(),
});
export type SendingErrorSample = z.infer<typeof sendingErrorSampleSchema>;

/**
 * Failed deliveries that failed alike (docs/architecture.md § Sending errors): the same stage, message, provider
 * code and place in the template. `count` is how many recipients it hit.
 */
export const sendingErrorGroupSchema = z.object({
  stage: z.enum(['render', 'send']).optional(),
  message: z.string(),
  code: z.string().optional(),
  part: z.string().optional(),
  line: z.number().int().optional(),
  tag: z.string().optional(),
  count: z.number().int(),
  sample: sendingErrorSampleSchema,
});
export type SendingErrorGroup = z.infer<typeof sendingErrorGroupSchema>;

/** The most groups getSendingErrors answers; the rest are counted in `total` only. */
export const SENDING_ERROR_GROUP_LIMIT = 100;

const sendingErrorTarget = z.object({
  organizationId: organizationIdField,
  activityId: activityIdField,
  /** One run of the activity; all its runs when absent. */
  runId: z.number().int().positive().optional(),
});

/** The sending-errors page's commands (`activity/viewerror/{id}`, docs/architecture.md § Sending errors). */
export const sendingErrorCommands = {
  getSendingErrors: defineCommand({
    channel: 'organization',
    description:
      'An activity’s failed deliveries (status failed; not bounced or suppressed), of one run (`runId`) or all ' +
      'its runs, grouped by stage, message, code, template part, line and personalization tag, the largest group ' +
      `first, at most ${SENDING_ERROR_GROUP_LIMIT} groups. \`total\` counts every failed delivery. Each group has ` +
      'a sample recipient: its delivery, subscriber, e-mail address, the stack trace and, when the error names ' +
      'a line of a template part, that line’s text in the revision the run sent (`context`). Needs base or ' +
      'franchisee, as reading the activity does, and the activity in one of a restricted user’s partitions; ' +
      'an unknown activity answers ActivityNotFoundError.',
    params: sendingErrorTarget,
    result: z.object({ total: z.number().int(), groups: z.array(sendingErrorGroupSchema) }),
  }),
  retryDeliveries: defineCommand({
    channel: 'organization',
    description:
      'Sends an activity’s failed deliveries again (after a fix), of one run (`runId`) or all its runs, in one ' +
      'transaction: each failed delivery (not bounced or suppressed) goes back to queued with its error cleared ' +
      'and its attempts kept, its run’s failed count goes down by as many and the run goes back to sending, the ' +
      'run’s workers are queued, and a deployed activity goes back to deploying. The workflow log records ' +
      '`deliveriesRetried` with the count. Needs content-deploy; nothing failed answers ValidationError at ' +
      'activityId; an unknown activity ActivityNotFoundError. Answers how many deliveries were queued and the ' +
      'runs they belong to.',
    params: sendingErrorTarget,
    result: z.object({ retried: z.number().int(), runIds: z.array(z.number().int()) }),
  }),
};
