import type { z } from 'zod';
import { activityResource } from '../records/activity.ts';
import { activityRevisionResource } from '../records/activity-revision.ts';
import { activityThemeResource } from '../records/activity-theme.ts';
import { templateContentResource, templateResource } from '../records/template.ts';
import { themeResource } from '../records/theme.ts';
import { assetResource } from '../records/asset.ts';
import { contentBlockResource } from '../records/content-block.ts';
import { deliveryResource } from '../records/delivery.ts';
import { deploymentRunResource } from '../records/deployment-run.ts';
import { audienceResource } from '../records/audience.ts';
import { campaignResource } from '../records/campaign.ts';
import { customFieldResource } from '../records/custom-field.ts';
import { jobResource } from '../records/job.ts';
import { partitionResource, partitionSetResource } from '../records/partition.ts';
import { listResource } from '../records/subscriber-list.ts';
import {
  listMembershipResource,
  subscriberEventResource,
  subscriberResource,
} from '../records/subscriber.ts';
import { tagResource } from '../records/tag.ts';
import { targetingRuleResource } from '../records/targeting-rule.ts';
import { whatsAppTemplateResource } from '../records/whatsapp-template.ts';
import { workflowEventResource } from '../workflow/workflow-event.ts';
import type { ResourceDefinition } from './define.ts';

export * from './define.ts';
export * from './access.ts';

/**
 * Every resource type, each declared once beside its record schema (records/). The query types, the live
 * types, the typed records of the web and the docs all derive from this table.
 */
export const resourceDefinitions = {
  campaign: campaignResource,
  partition: partitionResource,
  partitionSet: partitionSetResource,
  subscriber: subscriberResource,
  list: listResource,
  listMembership: listMembershipResource,
  subscriberEvent: subscriberEventResource,
  customField: customFieldResource,
  job: jobResource,
  audience: audienceResource,
  tag: tagResource,
  targetingRule: targetingRuleResource,
  activity: activityResource,
  activityRevision: activityRevisionResource,
  template: templateResource,
  templateContent: templateContentResource,
  theme: themeResource,
  activityTheme: activityThemeResource,
  whatsappTemplate: whatsAppTemplateResource,
  asset: assetResource,
  contentBlock: contentBlockResource,
  workflowEvent: workflowEventResource,
  delivery: deliveryResource,
  deploymentRun: deploymentRunResource,
} as const satisfies { [Type in string]: ResourceDefinition<Type> };

export type ResourceDefinitions = typeof resourceDefinitions;
export type ResourceType = keyof ResourceDefinitions;
/** A record of a type as `query`, `writeRecords` and `records` pushes answer it. */
export type ResourceRecord<Type extends ResourceType> = z.output<ResourceDefinitions[Type]['record']>;
/** What `writeRecords` accepts for a writable type. */
export type ResourceWrite<Type extends ResourceType> = ResourceDefinitions[Type]['write'] extends z.ZodType
  ? z.input<ResourceDefinitions[Type]['write']>
  : never;
export type WritableResourceType = {
  [Type in ResourceType]: ResourceDefinitions[Type]['write'] extends z.ZodType ? Type : never;
}[ResourceType];
export type ResourceFilterName<Type extends ResourceType> = keyof ResourceDefinitions[Type]['filters'] &
  string;
export type ResourceSortKey<Type extends ResourceType> = ResourceDefinitions[Type]['sortKeys'][number];

/** The resource types `query` reads. */
export const QUERY_TYPES = Object.keys(resourceDefinitions) as ResourceType[];

export function isResourceType(type: string): type is ResourceType {
  return Object.hasOwn(resourceDefinitions, type);
}

/** The declaration of a type, typed as the general shape (for code that handles any type). */
export function resourceDefinitionOf(type: ResourceType): ResourceDefinition {
  return resourceDefinitions[type] as ResourceDefinition;
}

type LiveResourceType = {
  [Type in ResourceType]: ResourceDefinitions[Type]['live'] extends true ? Type : never;
}[ResourceType];

/**
 * `cluster`, platform §7's word for a tag, which it names for `addSubscription`: subscribing to it is accepted;
 * nothing is pushed under that name (tags are pushed as `tag`).
 */
const PLANNED_LIVE_TYPES = ['cluster'] as const;

/** The record types a connection may subscribe to; a change of one is pushed as a `records` event. */
export type SubscriptionType = LiveResourceType | (typeof PLANNED_LIVE_TYPES)[number];
export const SUBSCRIPTION_TYPES: readonly [SubscriptionType, ...SubscriptionType[]] = [
  ...PLANNED_LIVE_TYPES,
  ...QUERY_TYPES.filter((type): type is LiveResourceType => resourceDefinitions[type].live),
];
/** A type whose changes the server announces: a declared, live resource. */
export type LiveType = LiveResourceType;

export function isSubscriptionType(type: string): type is SubscriptionType {
  return (SUBSCRIPTION_TYPES as readonly string[]).includes(type);
}
