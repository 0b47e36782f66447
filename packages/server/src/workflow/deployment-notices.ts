import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { notifyActivityUsers } from './activity-notices.ts';

/** The messages of a deployment's notices (their text: the web's notifications.messages). */
export const DEPLOYMENT_MESSAGE_KEYS = ['activityDeploymentStarted', 'activityDeploymentFailed'] as const;
export type DeploymentMessageKey = (typeof DEPLOYMENT_MESSAGE_KEYS)[number];

/**
 * Tells who queued a deployment (`userIds`: the job's creator, none when the server queued it) and the
 * activity's participants that it started or failed, as a `sends` notification. Called by the deployment's
 * job once the move it reports is committed; the notice comes from the server, since no one acted just then.
 */
export async function notifyDeploymentEvent(
  db: Kysely<Database>,
  event: {
    organizationId: number;
    activityId: number;
    name: string;
    messageKey: DeploymentMessageKey;
    userIds: readonly number[];
  },
): Promise<number[]> {
  return notifyActivityUsers(db, {
    organizationId: event.organizationId,
    activityId: event.activityId,
    name: event.name,
    kind: 'sends',
    messageKey: event.messageKey,
    actorUserId: null,
    userIds: event.userIds,
  });
}
