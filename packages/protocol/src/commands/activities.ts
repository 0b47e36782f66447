import { z } from 'zod';
import { contentErrorSchema } from '../content/channel-content.ts';
import { EMAIL_VARIATION_LIMITS } from '../content/email-design.ts';
import { activityContentInputSchema, revisionConfigurationSchema } from '../records/activity-revision.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/**
 * An activity's id as a client may send it: a number, or the digits of a route's `{id}`. Anything that is not a
 * positive whole number answers ActivityIdNotValidError ("Activity ID is not valid", functional §8) rather than a
 * ValidationError, so the screen that took it from its address can say so in the spec's words.
 */
export const activityIdField = z
  .union([z.number(), z.string().max(40)])
  .describe('A positive whole number, or its digits as text; otherwise ActivityIdNotValidError');

/** The id a client sent, as a positive integer; undefined when it is not one. */
export function activityIdOf(value: number | string): number | undefined {
  const id = typeof value === 'number' ? value : /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** renderPreview's answer (PROTOCOL §7), for every channel; see its description for what each field holds. */
export const renderedPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  sizeBytes: z.number().int(),
  errors: z.array(contentErrorSchema),
});
export type RenderedPreview = z.infer<typeof renderedPreviewSchema>;

/** The most entries a change's line diff lists; a longer one ends with `linesTruncated`. */
export const REVISION_DIFF_MAX_LINES = 2000;

/** One line of a line diff, in the order a reader goes through the text: kept, taken out or put in. */
export const diffLineSchema = z.object({
  kind: z.enum(['same', 'removed', 'added']),
  text: z.string(),
});
export type DiffLine = z.infer<typeof diffLineSchema>;

/**
 * One field that differs between two revisions' contents: its JSON path (`channels.email.subject`,
 * `channels.line.messages[0].text`), the value before and after (absent where the field is absent). A text of
 * several lines (an MJML or HTML body) is also given as a line diff, `lines`.
 */
export const revisionChangeSchema = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  lines: z.array(diffLineSchema).optional(),
  /** The line diff stops at REVISION_DIFF_MAX_LINES entries; the values themselves are whole. */
  linesTruncated: z.boolean().optional(),
});
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

/** One member's test profile as a preview lists it (listTestProfiles). */
export const testProfileEntrySchema = z.object({
  /** The member's user id: renderPreview's `testProfileId`. */
  userId: z.number().int(),
  /** The profile's first and last name, or its e-mail address, or the member's sign-in address. */
  name: z.string(),
  email: z.string(),
  /** The caller's own ("Your account"). */
  isYours: z.boolean(),
});
export type TestProfileEntry = z.infer<typeof testProfileEntrySchema>;

/** Organization-channel commands of activities and their content (PROTOCOL §7). */
export const activityCommands = {
  saveActivityRevision: defineCommand({
    channel: 'organization',
    description:
      'Saves a new revision of an activity’s content and makes it the activity’s latestRevisionId, in one ' +
      'transaction; answers its id. `content` is {schemaVersion: 3, channels: {…}} holding the activity’s own ' +
      'channel (email: subject, preheader?, fromName?, fromAddress?, exactly one of mjml or html, text?; sms: text; ' +
      'pushnotification: title, body, imageUrl?, deepLink?; whatsapp: templateName, language, parameters; line: ' +
      'messages of text, image or flex; web: placement banner or modal, html; displayad: audienceName, sizes) and ' +
      'no other. `channels.features.lsmoptin.defaultCommunicationPreference` is optin unless given optin or optout; ' +
      'any other value keeps the previous revision’s. `configurations` and `trackingDomain` are kept with the ' +
      'revision. Needs content-edit, and the activity in one of a restricted user’s partitions. An unknown ' +
      'activity answers ActivityNotFoundError; an archived one ItemNotEditableError. The revision’s ' +
      'approvalStatus starts at none.',
    params: z.object({
      organizationId: organizationIdField,
      activityId: activityIdField,
      content: activityContentInputSchema,
      configurations: z.array(revisionConfigurationSchema).max(50).optional(),
      trackingDomain: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'A domain name')
        .optional(),
    }),
    result: z.object({ revisionId: z.number().int() }),
  }),
  restoreActivityRevision: defineCommand({
    channel: 'organization',
    description:
      'Restores an earlier revision of an activity as a new one: its content, configurations and tracking ' +
      'domain are saved again as saveActivityRevision saves them (the same checks, one transaction, the new ' +
      'revision becomes latestRevisionId, its approvalStatus starts at none, and it is pushed live); answers the ' +
      'new revision’s id. The earlier revision is left as it was. Needs content-edit, as a save does. An unknown ' +
      'activity answers ActivityNotFoundError, an archived one ItemNotEditableError, and a revisionId that is ' +
      'not one of the activity’s ActivityFetchError.',
    params: z.object({
      organizationId: organizationIdField,
      activityId: activityIdField,
      revisionId: z.number().int().positive(),
    }),
    result: z.object({ revisionId: z.number().int() }),
  }),
  compareActivityRevisions: defineCommand({
    channel: 'organization',
    description:
      'What changed between two revisions of one activity: each field of the content that differs, by its ' +
      'JSON path (`channels.email.subject`; array items as `[0]`), with its value before (in fromRevisionId) and ' +
      'after (in toRevisionId), either absent where the field is. A text of several lines (an MJML or HTML ' +
      `body) is compared as a whole value and also given as a line diff, \`lines\`, of at most ` +
      `${REVISION_DIFF_MAX_LINES} entries (\`linesTruncated\` when cut). No changes: the contents are equal. ` +
      'Needs base or franchisee, as reading does. An unknown activity answers ActivityNotFoundError; a revision ' +
      'that is not one of the activity’s ActivityFetchError.',
    params: z.object({
      organizationId: organizationIdField,
      activityId: activityIdField,
      fromRevisionId: z.number().int().positive(),
      toRevisionId: z.number().int().positive(),
    }),
    result: z.object({ changes: z.array(revisionChangeSchema) }),
  }),
  listTestProfiles: defineCommand({
    channel: 'organization',
    description:
      'The test profiles (functional §3) an editor may preview as: the caller’s own first ("Your account", ' +
      'listed even when empty), then every other member of the organization whose profile has a name or an ' +
      'e-mail address, alphabetically by name. `userId` is renderPreview’s testProfileId. Needs base or ' +
      'franchisee.',
    params: z.object({ organizationId: organizationIdField }),
    result: z.object({ testProfiles: z.array(testProfileEntrySchema) }),
  }),
  renderPreview: defineCommand({
    channel: 'organization',
    description:
      'Renders an activity’s content for one recipient: its latest revision, or `revisionId` (one of its ' +
      'revisions). The recipient is the subscriber `subscriberId` (within a restricted user’s partitions), the ' +
      'test profile of the organization member `testProfileId` (a user id: that user’s settings.testProfile), ' +
      'or, with neither, a built-in sample recipient (Alex Sample). A template error is reported in `errors`, ' +
      'never thrown. E-mail: subject, html and the text part; sizeBytes weighs the HTML. SMS: text. Push: subject ' +
      'is the title, text the body. Web: html. WhatsApp: subject is the template name, text its parameters, one ' +
      'a line. LINE: text holds the text messages. Display ad: subject is the audience name, text the sizes. ' +
      'sizeBytes weighs the html, or the text when there is no html. `variation` picks one version of an e-mail ' +
      'with variations (functional §4): 0 is the original; without multivariate, n is variation n; with it, ' +
      'combination n of every variation’s subject and blocks (countCombinations and emailCombination in the ' +
      'contract say which). An index that is not one of the versions answers ValidationError. `content`, instead of a saved revision, ' +
      'renders a draft as the editor holds it (the shape saveActivityRevision takes; nothing is stored), so a ' +
      'preview follows typing. Needs base or franchisee. An activity with no revision and no draft, or a ' +
      'revisionId of another activity, answers ActivityFetchError.',
    params: z
      .object({
        organizationId: organizationIdField,
        activityId: activityIdField,
        revisionId: z.number().int().positive().optional(),
        content: activityContentInputSchema.optional(),
        subscriberId: z.number().int().positive().optional(),
        testProfileId: z.number().int().positive().optional(),
        variation: z
          .number()
          .int()
          .min(0)
          .max(EMAIL_VARIATION_LIMITS.combinations - 1)
          .optional(),
      })
      .refine((params) => params.revisionId === undefined || params.content === undefined, {
        message: 'Preview a saved revision or a draft, not both',
        path: ['content'],
      })
      .refine((params) => params.subscriberId === undefined || params.testProfileId === undefined, {
        message: 'Preview as a subscriber or as a test profile, not both',
        path: ['testProfileId'],
      }),
    result: renderedPreviewSchema,
  }),
} satisfies Record<string, ReturnType<typeof defineCommand>>;
