/**
 * The named sets of the functional areas (functional §2–§4, §9): each a const tuple for zod enums and
 * select options, and a type of its members. Spellings are the wire values; labels live in the locales.
 */

/** Activity channels (platform §1, functional §1). */
export const CHANNELS = ['email', 'sms', 'pushnotification', 'whatsapp', 'web', 'line', 'displayad'] as const;
export type Channel = (typeof CHANNELS)[number];

export const ACTIVITY_FILTERS = ['recent', 'deployed', 'modified', 'archived'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
/**
 * An activity's workflow status (PROTOCOL §8); the workflow (docs/workflow.md) owns the transitions, a new activity
 * is a draft.
 */
export const ACTIVITY_STATUSES = [
  'draft',
  'checking',
  'checked',
  'approvalRequested',
  'approved',
  'rejected',
  'scheduled',
  'deploying',
  'suspended',
  'deployed',
  'cancelled',
  'failed',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/**
 * Where a revision stands in approval: `none` until asked, then `requested`, `approved` or `rejected`; `reset`
 * when a change of the activity's target or date voided its approval (functional §4).
 */
export const REVISION_APPROVAL_STATUSES = ['none', 'requested', 'approved', 'rejected', 'reset'] as const;
export type RevisionApprovalStatus = (typeof REVISION_APPROVAL_STATUSES)[number];
export const CAMPAIGN_FILTERS = ['all', 'active', 'upcoming', 'completed', 'archived'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];
export const ASSET_FILTERS = ['all', 'published', 'archived'] as const;
export type AssetFilter = (typeof ASSET_FILTERS)[number];
/** Notifications: whose (from me, all organizations) and what kind. */
export const NOTIFICATION_SCOPES = ['me', 'all'] as const;
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number];
export const NOTIFICATION_KINDS = ['proofs', 'extracts', 'checks', 'approvals', 'sends'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * How an activity goes out (PROTOCOL §7 `distribution.type`): a broadcast, started by hand or by the API
 * (`api`), a scheduled trigger (with an interval), or an event trigger (with an event and a delay).
 */
export const DISTRIBUTION_TYPES = ['broadcast', 'api', 'scheduled', 'event'] as const;
export type DistributionType = (typeof DISTRIBUTION_TYPES)[number];
export const SCHEDULED_INTERVALS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type ScheduledInterval = (typeof SCHEDULED_INTERVALS)[number];
/** Spelled as target expressions spell them (PROTOCOL §6). */
export const TRIGGER_EVENTS = [
  'sent',
  'opened',
  'clicked',
  'formsubmitted',
  'listsubscribed',
  'purchased',
  'abandoned',
  'pageviewed',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
/** Also the frequencies of calculated custom fields. */
export const TRIGGER_INTERVALS = ['once', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type TriggerInterval = (typeof TRIGGER_INTERVALS)[number];
/** How often one subscriber may receive an activity (PROTOCOL §7 `frequency.type`): no limit, once, or every n days. */
export const SEND_FREQUENCIES = ['none', 'once', 'every'] as const;
export type SendFrequency = (typeof SEND_FREQUENCIES)[number];
/** Units of delays and relative date ranges. */
export const TIME_UNITS = ['hours', 'days', 'weeks', 'months', 'years'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export const LIST_STATES = ['active', 'dormant', 'empty', 'archived'] as const;
export type ListState = (typeof LIST_STATES)[number];
export const AUDIENCE_GENERATION_STATES = [
  'in-queue',
  'calculating',
  'in-progress',
  'error',
  'locked',
] as const;
export type AudienceGenerationState = (typeof AUDIENCE_GENERATION_STATES)[number];
export const INTEGRATION_RUN_STATES = ['error', 'in-progress', 'started', 'success', 'incomplete'] as const;
export type IntegrationRunState = (typeof INTEGRATION_RUN_STATES)[number];
export const WHATSAPP_TEMPLATE_STATES = ['pending', 'received', 'paused', 'disabled'] as const;
export type WhatsAppTemplateState = (typeof WHATSAPP_TEMPLATE_STATES)[number];
export const TWO_FACTOR_STATES = ['disabled', 'activating', 'enabled'] as const;
export type TwoFactorState = (typeof TWO_FACTOR_STATES)[number];

/** Type subscriber holds the profile fields; purchaseProduct is a purchase line item. */
export const CUSTOM_FIELD_TYPES = [
  'subscriber',
  'purchase',
  'product',
  'purchaseProduct',
  'visit',
  'subscriberEvent',
  'page',
  'partition',
  'subscriberList',
  'coupon',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_CALCULATION_TYPES = ['static', 'calculated'] as const;
export type CustomFieldCalculationType = (typeof CUSTOM_FIELD_CALCULATION_TYPES)[number];
export const CUSTOM_FIELD_RULE_TYPES = [
  'targetExpression',
  'roundRobin',
  'percentageSplit',
  'customCode',
] as const;
export type CustomFieldRuleType = (typeof CUSTOM_FIELD_RULE_TYPES)[number];
export const CUSTOM_FIELD_RULE_ACTIONS = ['clearNonMatching', 'updateMatching'] as const;
export type CustomFieldRuleAction = (typeof CUSTOM_FIELD_RULE_ACTIONS)[number];

/** Channels an organizational targeting rule can apply to. */
export const TARGETING_RULE_TYPES = ['email', 'sms', 'whatsapp', 'pushnotification'] as const;
export type TargetingRuleType = (typeof TARGETING_RULE_TYPES)[number];
