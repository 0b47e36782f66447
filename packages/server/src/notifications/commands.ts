import { notificationCommands } from '@herald/protocol';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import type { UserNotificationTable } from './tables.ts';

const session = { kind: 'session' } as const;

interface NotificationQuery {
  userId: number;
  limit: number;
  offset: number;
  organizationId?: number | undefined;
  fromMe?: boolean;
  kinds?: ReadonlyArray<UserNotificationTable['kind']> | undefined;
  unreadOnly?: boolean | undefined;
}

/**
 * A user's notifications: addressed to them, from organizations they still belong to (or outside any
 * organization), newest first.
 */
async function listNotifications(db: Kysely<Database>, query: NotificationQuery) {
  const base = db
    .selectFrom('user_notification as n')
    .where('n.user_id', '=', query.userId)
    .where((eb: ExpressionBuilder<Database & { n: UserNotificationTable }, 'n'>) =>
      eb.or([
        eb('n.organization_id', 'is', null),
        eb(
          'n.organization_id',
          'in',
          eb.selectFrom('organization_access').select('organization_id').where('user_id', '=', query.userId),
        ),
      ]),
    )
    .$if(query.organizationId !== undefined, (qb) =>
      qb.where('n.organization_id', '=', query.organizationId!),
    )
    .$if(query.fromMe === true, (qb) => qb.where('n.actor_user_id', '=', query.userId))
    .$if(query.kinds !== undefined, (qb) =>
      query.kinds!.length === 0 ? qb.where(sql<boolean>`false`) : qb.where('n.kind', 'in', query.kinds!),
    )
    .$if(query.unreadOnly === true, (qb) => qb.where('n.read_at', 'is', null));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('user_account as actor', 'actor.id', 'n.actor_user_id')
      .select([
        'n.id',
        'n.organization_id',
        'n.kind',
        'n.actor_user_id',
        'actor.email as actor',
        'n.message_key',
        'n.message_values',
        'n.record_type',
        'n.record_id',
        'n.created_at',
        'n.read_at',
      ])
      .orderBy('n.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({
      id: Number(row.id),
      organizationId: row.organization_id,
      kind: row.kind,
      actorUserId: row.actor_user_id,
      actor: row.actor,
      fromMe: row.actor_user_id === query.userId,
      messageKey: row.message_key,
      messageValues: row.message_values,
      recordType: row.record_type,
      recordId: row.record_id,
      createdAt: row.created_at.toISOString(),
      readAt: row.read_at ? row.read_at.toISOString() : null,
    })),
    total: count.total,
  };
}

/** Session-channel commands of this area, each registered with its access (channels/registry.ts). */
export const notificationSessionCommands: CommandRegistry = {
  getUserNotifications: registerCommand(
    notificationCommands.getUserNotifications,
    session,
    async (params, context) =>
      listNotifications(context.services.db, {
        userId: context.session!.userId,
        limit: params.limit,
        offset: params.offset,
        organizationId: params.filter.organizationId,
        fromMe: params.filter.from === 'me',
        kinds: params.filter.kinds,
        unreadOnly: params.filter.unreadOnly,
      }),
  ),

  /** Tasks: unread approvals addressed to the user (an approval is read once acted on). */
  getUserTasks: registerCommand(notificationCommands.getUserTasks, session, async (params, context) =>
    listNotifications(context.services.db, {
      userId: context.session!.userId,
      limit: params.limit,
      offset: params.offset,
      organizationId: params.filter.organizationId,
      kinds: ['approvals'],
      unreadOnly: true,
    }),
  ),

  /** The user's own entries of the audit log (they acted), newest first. */
  getUserHistory: registerCommand(notificationCommands.getUserHistory, session, async (params, context) => {
    const userId = context.session!.userId;
    const organizationId = params.filter.organizationId;
    const base = context.services.db
      .selectFrom('audit_log')
      .where('actor_user_id', '=', userId)
      .$if(organizationId !== undefined, (qb) => qb.where('organization_id', '=', organizationId!));
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'organization_id', 'action', 'details', 'remote_address', 'created_at'])
        .orderBy('id', 'desc')
        .limit(params.limit)
        .offset(params.offset)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((row) => ({
        id: Number(row.id),
        organizationId: row.organization_id,
        action: row.action,
        details: row.details,
        remoteAddress: row.remote_address,
        createdAt: row.created_at.toISOString(),
      })),
      total: count.total,
    };
  }),
};
