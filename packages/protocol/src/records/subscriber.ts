import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** Functional §3: a subscriber's standard profile fields (besides id and the derived display name). */
export const STANDARD_PROFILE_FIELDS = [
  'address',
  'address2',
  'address3',
  'cluster_id',
  'country',
  'dob',
  'email',
  'extra',
  'firstname',
  'gender',
  'is_invalid',
  'is_unsubscribed',
  'lastname',
  'notifications',
  'phone',
  'postcode',
  'ref',
  'resume_date',
  'state',
  'suburb',
  'title',
] as const;
export type StandardProfileField = (typeof STANDARD_PROFILE_FIELDS)[number];

/** The fields a client may set when it creates a subscriber or imports one (functional §3). */
export const WRITABLE_PROFILE_FIELDS = STANDARD_PROFILE_FIELDS.filter(
  (field) => !['cluster_id', 'is_invalid', 'is_unsubscribed', 'ref'].includes(field),
) as Exclude<StandardProfileField, 'cluster_id' | 'is_invalid' | 'is_unsubscribed' | 'ref'>[];

/** The standard fields in the order people read and fill a profile: who, how to reach them, where, the rest. */
export const PROFILE_FIELD_ORDER = [
  'title',
  'firstname',
  'lastname',
  'email',
  'phone',
  'gender',
  'dob',
  'address',
  'address2',
  'address3',
  'suburb',
  'state',
  'postcode',
  'country',
  'ref',
  'cluster_id',
  'notifications',
  'resume_date',
  'is_invalid',
  'is_unsubscribed',
  'extra',
] as const satisfies readonly StandardProfileField[];

/** The profile fields entered and stored as dates (YYYY-MM-DD). */
export const PROFILE_DATE_FIELDS = ['dob', 'resume_date'] as const satisfies readonly StandardProfileField[];

export function isProfileDateField(field: string): field is (typeof PROFILE_DATE_FIELDS)[number] {
  return (PROFILE_DATE_FIELDS as readonly string[]).includes(field);
}

/**
 * Whether a subscriber can be sent to through a list (functional §3 "contactable"): on the list and not
 * unsubscribed from it, not globally unsubscribed, not invalid, not anonymized. The server's SQL form of it
 * (lists/contactable.ts) counts lists with the same rule.
 */
export function isContactable(standing: {
  isListUnsubscribed: boolean;
  isUnsubscribed: boolean;
  isInvalid: boolean;
  isAnonymized: boolean;
}): boolean {
  return (
    !standing.isListUnsubscribed && !standing.isUnsubscribed && !standing.isInvalid && !standing.isAnonymized
  );
}

/**
 * The columns an import may map to: the writable fields plus ref, the external id that keys a subscriber as
 * e-mail does (an import is how another system's ids arrive). `extra` takes a JSON object.
 */
export const IMPORTABLE_PROFILE_FIELDS = [...WRITABLE_PROFILE_FIELDS, 'ref'] as const;

/** Functional §3: scoring fields, computed by Herald (never written by clients). */
export const SCORING_FIELDS = [
  'engagement_frequency',
  'conversion_frequency',
  'total_conversion_value',
  'predicted_lifetime_engagement',
  'predicted_lifetime_conversion',
  'predicted_lifetime_value',
  'contact_frequency',
  'predicted_lifetime_engagement_decile',
  'frequency_today',
  'frequency_this_week',
] as const;
export type ScoringField = (typeof SCORING_FIELDS)[number];

/** Kinds of interaction history (functional §3; the target-expression events of PROTOCOL §6 among them). */
export const SUBSCRIBER_EVENT_KINDS = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'complained',
  'unsubscribed',
  'listsubscribed',
  'formsubmitted',
  'purchased',
  'abandoned',
  'pageviewed',
  'imported',
  'profileupdated',
] as const;
export type SubscriberEventKind = (typeof SUBSCRIBER_EVENT_KINDS)[number];

/** Longest accepted text of one profile field; longer values are refused, never cut. */
export const PROFILE_FIELD_MAX_LENGTH = 500;

const text = z.string().max(PROFILE_FIELD_MAX_LENGTH).nullable();

/** A subscriber as the server answers it (query type `subscriber`). Field names are functional §3's. */
export const subscriberRecordSchema = z.object({
  id: z.number().int(),
  /** Derived: "firstname lastname", else the e-mail, else the ref, else "#id". */
  displayName: z.string(),
  email: text,
  ref: text,
  title: text,
  firstname: text,
  lastname: text,
  gender: text,
  dob: text,
  phone: text,
  address: text,
  address2: text,
  address3: text,
  suburb: text,
  state: text,
  postcode: text,
  country: text,
  cluster_id: z.number().int().nullable(),
  notifications: text,
  resume_date: text,
  extra: z.record(z.string(), z.unknown()),
  is_invalid: z.boolean(),
  is_unsubscribed: z.boolean(),
  /** Custom field values by field name (type subscriber). */
  custom: z.record(z.string(), z.unknown()),
  partitionIds: z.array(z.number().int()),
  scores: z.record(z.string(), z.number().nullable()),
  sourceName: z.string().nullable(),
  /** Set once the profile has been erased (anonymizeSubscriber). */
  anonymizedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type SubscriberRecord = z.infer<typeof subscriberRecordSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');
const field = z.string().trim().max(PROFILE_FIELD_MAX_LENGTH).nullable().optional();
const customValues = z.record(
  z.string().max(64),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);

/** The writable profile fields, for a new subscriber (writeRecords type `subscriber`). */
export const subscriberCreateSchema = z.strictObject({
  email: z.string().trim().max(320).nullable().optional(),
  title: field,
  firstname: field,
  lastname: field,
  gender: field,
  dob: isoDate.nullable().optional(),
  phone: field,
  address: field,
  address2: field,
  address3: field,
  suburb: field,
  state: field,
  postcode: field,
  country: field,
  notifications: field,
  resume_date: isoDate.nullable().optional(),
  extra: z.record(z.string().max(64), z.unknown()).optional(),
  custom: customValues.optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
  /** Lists to subscribe the new subscriber to (each must allow subscriber upload). */
  listIds: z.array(z.number().int().positive()).max(100).optional(),
  sourceName: z.string().trim().max(200).optional(),
});
export type SubscriberCreate = z.infer<typeof subscriberCreateSchema>;

/**
 * What updateSubscriber may change on an existing subscriber: custom fields, extra data, partitions and
 * preferences. Standard profile fields cannot be updated for existing subscribers (functional §5); naming
 * one answers StandardFieldNotEditableError.
 */
export const subscriberUpdateSchema = z.object({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  custom: customValues.optional(),
  extra: z.record(z.string().max(64), z.unknown()).optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
  notifications: field,
  resume_date: isoDate.nullable().optional(),
});
export type SubscriberUpdate = z.infer<typeof subscriberUpdateSchema>;

/** One list a subscriber is on (query type `listMembership`). */
export const listMembershipRecordSchema = z.object({
  id: z.string(),
  listId: z.number().int(),
  listName: z.string(),
  subscriberId: z.number().int(),
  is_list_unsubscribed: z.boolean(),
  list_option: z.string().nullable(),
  sourceName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListMembershipRecord = z.infer<typeof listMembershipRecordSchema>;

/** One entry of a subscriber's interaction history (query type `subscriberEvent`). */
export const subscriberEventRecordSchema = z.object({
  id: z.number().int(),
  subscriberId: z.number().int(),
  kind: z.enum(SUBSCRIBER_EVENT_KINDS),
  occurredAt: z.string(),
  activityId: z.number().int().nullable(),
  listId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type SubscriberEventRecord = z.infer<typeof subscriberEventRecordSchema>;

export const subscriberResource = defineResource({
  type: 'subscriber',
  description:
    'Subscribers (functional §3), the whole organization’s or, with `filter.listId`, one list’s members. ' +
    '`query.search` finds an exact e-mail address (any case) or phone number (digits compared, separators ignored), ' +
    'or the start of a first name, a last name ("ann smi": first name and last name) or a ref; never a part in the ' +
    'middle, so that it stays on indexes over millions of subscribers. Sort key `email` orders addresses ignoring ' +
    'case, subscribers without one last (ascending). A page over a very large set may answer an estimated total ' +
    '(`totalIsEstimate`).',
  record: subscriberRecordSchema,
  write: subscriberCreateSchema,
  filters: {
    id: filterOn.key,
    email: filterOn.name,
    ref: filterOn.code,
    firstname: filterOn.name,
    lastname: filterOn.name,
    country: filterOn.code,
    gender: filterOn.code,
    dob: filterOn.date,
    isUnsubscribed: filterOn.flag,
    isInvalid: filterOn.flag,
    partitionIds: filterOn.partitions,
    sourceName: { kind: 'text', operators: ['eq'] },
    createdAt: filterOn.instant,
    updatedAt: filterOn.instant,
    listId: { kind: 'named', description: 'a list id: the members of that list' },
    listUnsubscribed: {
      kind: 'named',
      description: '{"listId", "unsubscribed": true|false}: members of the list unsubscribed from it, or not',
    },
    target: { kind: 'named', description: 'a target expression (text or JSON tree, PROTOCOL §6)' },
  },
  sortKeys: ['email', 'firstname', 'lastname', 'country', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.subscriber,
  live: true,
});

export const listMembershipResource = defineResource({
  type: 'listMembership',
  description: "The lists a subscriber is on, with the subscriber's standing on each.",
  record: listMembershipRecordSchema,
  write: undefined,
  filters: {
    subscriberId: filterOn.key,
    listId: filterOn.key,
    isListUnsubscribed: filterOn.flag,
  },
  sortKeys: ['subscriberId', 'createdAt', 'updatedAt'],
  searchable: false,
  ...RESOURCE_ACCESS.listMembership,
  live: true,
});

export const subscriberEventResource = defineResource({
  type: 'subscriberEvent',
  description: "A subscriber's interaction history, newest first.",
  record: subscriberEventRecordSchema,
  write: undefined,
  filters: {
    id: filterOn.key,
    subscriberId: { kind: 'integer', operators: ['eq'] },
    activityId: filterOn.key,
    listId: filterOn.key,
    occurredAt: filterOn.instant,
    kind: { kind: 'named', description: `one or more of ${SUBSCRIBER_EVENT_KINDS.join(', ')}` },
  },
  sortKeys: ['occurredAt'],
  defaultSortKey: 'occurredAt',
  searchable: false,
  ...RESOURCE_ACCESS.subscriberEvent,
  live: true,
});
