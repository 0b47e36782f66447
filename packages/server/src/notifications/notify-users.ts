import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { UserNotificationTable } from './tables.ts';

export interface NotifyUsers {
  /** The organization the notice belongs to; null for one outside any organization. */
  organizationId: number | null;
  /** The recipients; duplicates are dropped. */
  userIds: readonly number[];
  kind: UserNotificationTable['kind'];
  /** Whose action caused it; omit for the system. */
  actorUserId?: number | null;
  messageKey: string;
  messageValues?: Record<string, unknown>;
  recordType?: string;
  recordId?: string | number;
}

/**
 * Tells users about something (a proof sent, an extract ready, an approval to give). Other areas call this
 * inside or after their own transaction; an approval addressed to a user is one of their tasks until read.
 */
export async function notifyUsers(db: Kysely<Database>, notice: NotifyUsers): Promise<number[]> {
  const userIds = [...new Set(notice.userIds)];
  if (userIds.length === 0) return [];
  const rows = await db
    .insertInto('user_notification')
    .values(
      userIds.map((userId) => ({
        organization_id: notice.organizationId,
        user_id: userId,
        kind: notice.kind,
        actor_user_id: notice.actorUserId ?? null,
        message_key: notice.messageKey,
        message_values: JSON.stringify(notice.messageValues ?? {}),
        record_type: notice.recordType ?? null,
        record_id: notice.recordId === undefined ? null : String(notice.recordId),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}
