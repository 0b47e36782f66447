import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_SCOPES } from '../constants/enumerations.ts';
import { NOTIFICATION_LIMIT } from '../constants/platform.ts';
import { defineCommand } from './define.ts';
import { isoDateTimeField, organizationIdField, sessionIdField } from './fields.ts';

/** Kinds of user notification: the notifications pane's filters (functional §2), plus system notices. */
export const USER_NOTIFICATION_KINDS = [...NOTIFICATION_KINDS, 'system'] as const;
export type UserNotificationKind = (typeof USER_NOTIFICATION_KINDS)[number];

const pageFields = {
  sessionId: sessionIdField,
  limit: z.number().int().min(0).max(NOTIFICATION_LIMIT).default(NOTIFICATION_LIMIT),
  offset: z.number().int().min(0).default(0),
};

export const userNotificationSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int().nullable(),
  kind: z.enum(USER_NOTIFICATION_KINDS),
  /** The user whose action caused it (null: the system). */
  actorUserId: z.number().int().nullable(),
  actor: z.string().nullable(),
  /** Whether the recipient caused it. */
  fromMe: z.boolean(),
  /** A message key the web app translates, with its values. */
  messageKey: z.string(),
  messageValues: z.record(z.string(), z.unknown()),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  createdAt: isoDateTimeField,
  readAt: isoDateTimeField.nullable(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

export const userHistoryEntrySchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  remoteAddress: z.string().nullable(),
  createdAt: isoDateTimeField,
});

const notificationsResult = z.object({ records: z.array(userNotificationSchema), total: z.number().int() });

/** Session-channel commands of this area (PROTOCOL §3). */
export const notificationCommands = {
  getUserNotifications: defineCommand({
    channel: 'session',
    description:
      "The user's notifications, newest first, from the organizations they belong to. filter.from: `all` (default) or `me` (only those the user's own actions caused); filter.organizationId narrows to one organization; filter.kinds to some of proofs, extracts, checks, approvals, sends, system. limit at most 100 (default 100).",
    params: z.object({
      ...pageFields,
      filter: z
        .object({
          from: z.enum(NOTIFICATION_SCOPES).default('all'),
          organizationId: organizationIdField.optional(),
          kinds: z.array(z.enum(USER_NOTIFICATION_KINDS)).max(USER_NOTIFICATION_KINDS.length).optional(),
          unreadOnly: z.boolean().optional(),
        })
        .default({ from: 'all' }),
    }),
    result: notificationsResult,
  }),
  getUserHistory: defineCommand({
    channel: 'session',
    description:
      "The user's own actions from the audit log (sign-ins, settings, administration), newest first; filter.organizationId narrows to one organization. limit at most 100 (default 100).",
    params: z.object({
      ...pageFields,
      filter: z.object({ organizationId: organizationIdField.optional() }).default({}),
    }),
    result: z.object({ records: z.array(userHistoryEntrySchema), total: z.number().int() }),
  }),
  getUserTasks: defineCommand({
    channel: 'session',
    description:
      'Notifications waiting for the user to act: unread approvals addressed to them, from organizations they belong to, newest first; filter.organizationId narrows to one organization. limit at most 100 (default 100).',
    params: z.object({
      ...pageFields,
      filter: z.object({ organizationId: organizationIdField.optional() }).default({}),
    }),
    result: notificationsResult,
  }),
} as const;
