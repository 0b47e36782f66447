import { organizationAccessCommands } from '@herald/protocol';
import { sql } from 'kysely';
import { registerCommand } from '../channels/registry.ts';
import { listOutbox } from '../mail/outbox.ts';

const admin = { kind: 'admin' } as const;

/** What administrators read: the organization's audit log and, with no SMTP server, the outbox. */
export const auditCommands = {
  getAuditLog: registerCommand(
    organizationAccessCommands.getAuditLog,
    admin,
    async (params, { services }) => {
      const base = services.db
        .selectFrom('audit_log')
        .where('audit_log.organization_id', '=', params.organizationId);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('user_account as actor', 'actor.id', 'audit_log.actor_user_id')
          .leftJoin('user_account as subject', 'subject.id', 'audit_log.subject_user_id')
          .select([
            'audit_log.id',
            'audit_log.action',
            'audit_log.details',
            'audit_log.remote_address',
            'audit_log.created_at',
            'actor.email as actor',
            'subject.email as subject',
          ])
          .orderBy('audit_log.id', 'desc')
          .limit(params.limit)
          .offset(params.offset)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((row) => ({
          id: Number(row.id),
          action: row.action,
          actor: row.actor,
          subject: row.subject,
          details: row.details,
          remoteAddress: row.remote_address,
          createdAt: row.created_at.toISOString(),
        })),
        total: count.total,
      };
    },
  ),

  getOutbox: registerCommand(organizationAccessCommands.getOutbox, admin, async (params, { services }) => {
    const scope = { organizationId: params.organizationId, includeUnaffiliated: !services.config.smtpUrl };
    return listOutbox(services.db, scope, params.limit, params.offset);
  }),
};
