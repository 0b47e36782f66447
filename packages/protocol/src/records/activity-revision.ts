import { z } from 'zod';
import { REVISION_APPROVAL_STATUSES } from '../constants/enumerations.ts';
import { COMMUNICATION_PREFERENCES } from '../constants/functional.ts';
import { REVISION_CONTENT_SCHEMA_VERSION } from '../constants/platform.ts';
import { channelContentSchemas } from '../content/channel-content.ts';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** The channels of a content, each optional; an activity's revision holds its own channel's. */
const channelFields = {
  email: channelContentSchemas.email.optional(),
  sms: channelContentSchemas.sms.optional(),
  pushnotification: channelContentSchemas.pushnotification.optional(),
  whatsapp: channelContentSchemas.whatsapp.optional(),
  line: channelContentSchemas.line.optional(),
  web: channelContentSchemas.web.optional(),
  displayad: channelContentSchemas.displayad.optional(),
};

/**
 * A revision's content as saveActivityRevision takes it: `{schemaVersion: 3, channels: {…}}`. The features'
 * `lsmoptin.defaultCommunicationPreference` is read leniently (functional §3): it changes only when the value
 * given is `optin` or `optout`; anything else keeps the activity's last value (`optin` at first).
 */
export const activityContentInputSchema = z.strictObject({
  schemaVersion: z.literal(REVISION_CONTENT_SCHEMA_VERSION),
  channels: z.strictObject({
    ...channelFields,
    features: z
      .object({
        lsmoptin: z.object({ defaultCommunicationPreference: z.unknown().optional() }).loose().optional(),
      })
      .loose()
      .optional(),
  }),
});
export type ActivityContentInput = z.input<typeof activityContentInputSchema>;

/** A revision's content as stored and answered: the features always carry the communication preference. */
export const activityContentSchema = z.object({
  schemaVersion: z.literal(REVISION_CONTENT_SCHEMA_VERSION),
  channels: z.object({
    ...channelFields,
    features: z
      .object({
        lsmoptin: z.object({ defaultCommunicationPreference: z.enum(COMMUNICATION_PREFERENCES) }).loose(),
      })
      .loose(),
  }),
});
export type ActivityContent = z.infer<typeof activityContentSchema>;

/** A channel's configuration kept with a revision (functional §3 "configurations list"), as the editor sets it. */
export const revisionConfigurationSchema = z.record(z.string(), z.unknown());

/** An activity revision (functional §3): one saved content of an activity, never changed but for its approval. */
export const activityRevisionRecordSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  content: activityContentSchema,
  configurations: z.array(revisionConfigurationSchema),
  /** When it was saved, ISO date and time. */
  timestamp: z.string(),
  approvalStatus: z.enum(REVISION_APPROVAL_STATUSES),
  /** The integration it was saved for; null until Herald has integrations. */
  integrationId: z.number().int().nullable(),
  /** The integration configuration's tracking domain (functional §3), when the save named one. */
  trackingDomain: z.string().nullable(),
  /** Who saved it. */
  createdBy: z.number().int().nullable(),
});
export type ActivityRevisionRecord = z.infer<typeof activityRevisionRecordSchema>;

export const activityRevisionResource = defineResource({
  type: 'activityRevision',
  description:
    'Activity revisions (functional §3): each save of an activity’s content (saveActivityRevision), newest ' +
    'first. Read-only; a partition-restricted user sees the revisions of the activities they see. Live: each ' +
    'save is pushed as `{id, activityId, partitionIds}` (the activity’s partitions), so a history view updates.',
  record: activityRevisionRecordSchema,
  write: undefined,
  filters: {
    id: filterOn.key,
    activityId: filterOn.key,
    partitionIds: {
      kind: 'named',
      description: 'integer[]: revisions of activities in any of these partitions',
    },
  },
  sortKeys: ['timestamp'],
  searchable: false,
  ...RESOURCE_ACCESS.activityRevision,
  live: true,
});
