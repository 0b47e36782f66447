import { z } from 'zod';

/**
 * The JSON syntax tree of a target expression (PROTOCOL §6): who receives a message, who is in an audience,
 * whom a calculated field updates. The text form (parse-target.ts, print-target.ts) converts to and from
 * this tree without loss; the server compiles the tree to one parameterised SQL condition.
 */

/** Events a target can ask about (PROTOCOL §6), a subset of the interaction history's kinds. */
export const TARGET_EVENT_KINDS = [
  'sent',
  'opened',
  'clicked',
  'formsubmitted',
  'listsubscribed',
  'purchased',
  'abandoned',
  'pageviewed',
] as const;
export type TargetEventKind = (typeof TARGET_EVENT_KINDS)[number];

export const TARGET_COMPARISONS = ['=', '!=', '<', '<=', '>', '>='] as const;
export type TargetComparison = (typeof TARGET_COMPARISONS)[number];

/** Units of a relative time span ("within 30 days"). */
export const TARGET_TIME_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type TargetTimeUnit = (typeof TARGET_TIME_UNITS)[number];

/** How a list condition reads its members: subscribed (the default), unsubscribed from the list, or either. */
export const TARGET_LIST_STATES = ['subscribed', 'unsubscribed', 'any'] as const;
export type TargetListState = (typeof TARGET_LIST_STATES)[number];

/** An ISO calendar date, YYYY-MM-DD, that exists. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'Not a date that exists');

const id = z.number().int().positive().max(2_147_483_647);

/**
 * A value a field is compared with. Dates are objects, so that the text `2000-01-01` (a date) and
 * `"2000-01-01"` (a text) stay apart through a round trip.
 */
export const targetValueSchema = z.union([
  z.string().max(2000),
  z.number().finite(),
  z.boolean(),
  z.object({ date: isoDate }).strict(),
]);
export type TargetValue = z.infer<typeof targetValueSchema>;

export const targetSpanSchema = z
  .object({ amount: z.number().int().positive().max(100_000), unit: z.enum(TARGET_TIME_UNITS) })
  .strict();
/** "within 30 days": from that long before now until now. */
export type TargetSpan = z.infer<typeof targetSpanSchema>;

/**
 * A field: a standard profile field (`country`), a scoring field (`engagement_frequency`) or a custom field
 * (`custom.loyalty_tier`). Which names exist and what their types are is checked against the organization
 * (validate-target.ts), not here.
 */
const fieldName = z
  .string()
  .regex(/^(custom\.)?[A-Za-z][A-Za-z0-9_]*$/, 'Not a field name')
  .max(120);

export const targetFieldConditionSchema = z.discriminatedUnion('op', [
  z
    .object({
      type: z.literal('field'),
      field: fieldName,
      op: z.enum(TARGET_COMPARISONS),
      value: targetValueSchema,
    })
    .strict()
    // As parseTarget refuses `x <= true`: true and false have no order.
    .refine((condition) => typeof condition.value !== 'boolean' || ['=', '!='].includes(condition.op), {
      message: 'true and false are compared with = or !=',
      path: ['value'],
    }),
  z
    .object({
      type: z.literal('field'),
      field: fieldName,
      op: z.enum(['contains', 'startswith']),
      value: z.string().max(2000),
    })
    .strict(),
  z.object({ type: z.literal('field'), field: fieldName, op: z.literal('isempty') }).strict(),
  z
    .object({
      type: z.literal('field'),
      field: fieldName,
      op: z.literal('in'),
      values: z.array(targetValueSchema).min(1).max(1000),
    })
    .strict(),
  /** A date field within the last span ("dob within 30 days"). */
  z
    .object({ type: z.literal('field'), field: fieldName, op: z.literal('within'), span: targetSpanSchema })
    .strict(),
]);
export type TargetFieldCondition = z.infer<typeof targetFieldConditionSchema>;

export const targetEventConditionSchema = z
  .object({
    type: z.literal('event'),
    event: z.enum(TARGET_EVENT_KINDS),
    /** Only events of this activity, or of any activity of this campaign (not both). */
    activityId: id.optional(),
    campaignId: id.optional(),
    /** At least this many such events (1 when absent). */
    atLeast: z.number().int().min(1).max(1_000_000).optional(),
    within: targetSpanSchema.optional(),
    /** Events on or after this date, and before this date (a range when both are given). */
    after: isoDate.optional(),
    before: isoDate.optional(),
  })
  .strict()
  .refine((event) => event.activityId === undefined || event.campaignId === undefined, {
    message: 'An event names an activity or a campaign, not both',
  });
export type TargetEventCondition = z.infer<typeof targetEventConditionSchema>;

export type TargetNode =
  | { type: 'and'; items: TargetNode[] }
  | { type: 'or'; items: TargetNode[] }
  | { type: 'not'; item: TargetNode }
  | { type: 'list'; listId: number; state: TargetListState }
  | { type: 'audience'; audienceId: number }
  | { type: 'tag'; tagId: number }
  | { type: 'partition'; partitionId: number }
  | TargetFieldCondition
  | TargetEventCondition;

/** Deepest nesting of groups the language takes: deeper trees are refused rather than risking the stack. */
export const TARGET_MAX_DEPTH = 32;

export const targetNodeSchema: z.ZodType<TargetNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('and'), items: z.array(targetNodeSchema).min(2).max(200) }).strict(),
    z.object({ type: z.literal('or'), items: z.array(targetNodeSchema).min(2).max(200) }).strict(),
    z.object({ type: z.literal('not'), item: targetNodeSchema }).strict(),
    z.object({ type: z.literal('list'), listId: id, state: z.enum(TARGET_LIST_STATES) }).strict(),
    z.object({ type: z.literal('audience'), audienceId: id }).strict(),
    z.object({ type: z.literal('tag'), tagId: id }).strict(),
    z.object({ type: z.literal('partition'), partitionId: id }).strict(),
    targetFieldConditionSchema,
    targetEventConditionSchema,
  ]),
);

/** The depth of a tree: 1 for a single condition. */
export function targetDepth(node: TargetNode): number {
  switch (node.type) {
    case 'and':
    case 'or':
      return 1 + Math.max(...node.items.map(targetDepth));
    case 'not':
      return 1 + targetDepth(node.item);
    default:
      return 1;
  }
}

/** Whether the expression names a list or an audience anywhere (functional §5's warning when it does not). */
export function targetIncludesListOrAudience(node: TargetNode): boolean {
  switch (node.type) {
    case 'and':
    case 'or':
      return node.items.some(targetIncludesListOrAudience);
    case 'not':
      return targetIncludesListOrAudience(node.item);
    case 'list':
    case 'audience':
      return true;
    default:
      return false;
  }
}
