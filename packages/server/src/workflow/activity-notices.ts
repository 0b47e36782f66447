import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { notifyUsers, type NotifyUsers } from '../notifications/notify-users.ts';
import { listParticipants } from './participants.ts';

/** A notice about one activity, for whoever acted on it and its participants (functional §5). */
export interface ActivityNotice {
  organizationId: number;
  activityId: number;
  /** The activity's name, which the message shows ({name}). */
  name: string;
  kind: Extract<NotifyUsers['kind'], 'checks' | 'sends'>;
  messageKey: string;
  /** Who acted (ran the check, queued the deployment); null for the server. They are told, and it is from them. */
  actorUserId: number | null;
  /** Others to tell besides the participants. */
  userIds?: readonly number[];
}

/**
 * Tells the one who acted and the activity's participants about its check run or deployment, once what it
 * reports is committed. Participants follow the activity on purpose, so they hear of its outcomes without
 * watching it; duplicates are dropped by notifyUsers.
 */
export async function notifyActivityUsers(db: Kysely<Database>, notice: ActivityNotice): Promise<number[]> {
  const participants = await listParticipants(db, notice.organizationId, notice.activityId);
  return notifyUsers(db, {
    organizationId: notice.organizationId,
    userIds: [
      ...(notice.actorUserId === null ? [] : [notice.actorUserId]),
      ...(notice.userIds ?? []),
      ...participants.map((participant) => participant.userId),
    ],
    kind: notice.kind,
    actorUserId: notice.actorUserId,
    messageKey: notice.messageKey,
    messageValues: { name: notice.name },
    recordType: 'activity',
    recordId: notice.activityId,
  });
}
