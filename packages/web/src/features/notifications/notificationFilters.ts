import { NOTIFICATION_KINDS } from '@herald/protocol';
import type { NotificationKind, NotificationScope } from '@herald/protocol';

/** The notification pane's filters (functional §2): from me or all organizations, and which kinds. */
export interface NotificationFilters {
  scope: NotificationScope;
  kinds: NotificationKind[];
}

export const defaultNotificationFilters: NotificationFilters = {
  scope: 'all',
  kinds: [...NOTIFICATION_KINDS],
};

/** A notification as the pane shows it, read from whatever getUserNotifications returns. */
export interface PaneNotification {
  id: string;
  kind: string | null;
  /** A message key the app translates (getUserNotifications' messageKey), with its values. */
  messageKey: string | null;
  messageValues: Record<string, unknown>;
  message: string;
  createdAt: string | null;
  organizationId: number | null;
  organizationName: string | null;
  userId: number | null;
  actor: string | null;
  /** Whether the user's own action caused it; null when the record does not say. */
  fromMe: boolean | null;
  workflow: boolean;
  /** The record it is about (an export job awaiting approval, say), when it names one. */
  recordType: string | null;
  recordId: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Singular or plural, 'proof' or 'proofs', 'Approval' → the pane's kind. */
export function notificationKind(value: unknown): NotificationKind | null {
  const name = text(value)?.toLowerCase();
  if (!name) return null;
  return (
    NOTIFICATION_KINDS.find((kind) => kind === name || kind === `${name}s` || kind.slice(0, -1) === name) ??
    (name === 'extract' || name === 'export'
      ? 'extracts'
      : name === 'send' || name === 'deploy'
        ? 'sends'
        : null)
  );
}

export function readNotification(raw: unknown, index: number): PaneNotification {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const kindValue = record.kind ?? record.type ?? record.category;
  const kind = notificationKind(kindValue) ?? text(kindValue);
  return {
    id: text(record.id) ?? `notification-${index}`,
    kind,
    messageKey: text(record.messageKey),
    messageValues:
      typeof record.messageValues === 'object' && record.messageValues !== null
        ? (record.messageValues as Record<string, unknown>)
        : {},
    message: text(record.message) ?? text(record.title) ?? text(record.text) ?? text(record.subject) ?? '',
    createdAt: text(record.createdAt) ?? text(record.created_at) ?? text(record.date) ?? null,
    organizationId: num(record.organizationId) ?? num(record.organization_id),
    organizationName: text(record.organizationName) ?? text(record.organization) ?? null,
    userId: num(record.actorUserId) ?? num(record.userId) ?? num(record.user_id),
    actor: text(record.actor),
    fromMe: typeof record.fromMe === 'boolean' ? record.fromMe : null,
    workflow: notificationKind(kindValue) !== null || record.workflow === true,
    recordType: text(record.recordType),
    recordId: text(record.recordId),
  };
}

/**
 * The filter sent with getUserNotifications: `from` me or all, and the kinds chosen; with every kind chosen
 * no kinds are sent, so notifications of other kinds (system ones) show too.
 */
export function notificationFilterParam(filters: NotificationFilters): {
  from: NotificationScope;
  kinds?: NotificationKind[];
} {
  const all = NOTIFICATION_KINDS.every((kind) => filters.kinds.includes(kind));
  return all ? { from: filters.scope } : { from: filters.scope, kinds: [...filters.kinds] };
}

/**
 * The filters applied on this side as well, so the pane is right whatever the server does with them: a kind
 * unchecked hides its notifications; "from me" keeps those the user's own actions caused.
 */
export function matchesFilters(
  notification: PaneNotification,
  filters: NotificationFilters,
  userId: number | null,
): boolean {
  const kind = notificationKind(notification.kind);
  if (kind && !filters.kinds.includes(kind)) return false;
  if (filters.scope === 'me') {
    if (notification.fromMe !== null) return notification.fromMe;
    if (userId !== null && notification.userId !== null) return notification.userId === userId;
  }
  return true;
}

/** Toggles a kind on or off, keeping the order of NOTIFICATION_KINDS. */
export function toggleKind(filters: NotificationFilters, kind: NotificationKind): NotificationFilters {
  const on = filters.kinds.includes(kind);
  return {
    ...filters,
    kinds: NOTIFICATION_KINDS.filter((item) => (item === kind ? !on : filters.kinds.includes(item))),
  };
}

/**
 * Workflow notifications that arrived since the last look: those whose ids were not known before. The first
 * look (no known ids yet) announces nothing.
 */
export function newWorkflowNotifications(
  known: ReadonlySet<string> | null,
  notifications: readonly PaneNotification[],
): PaneNotification[] {
  if (known === null) return [];
  return notifications.filter((notification) => notification.workflow && !known.has(notification.id));
}
