import { HeraldError, organizationCommands, type TargetNode } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import { approvalOf, decideApproval, requestApproval } from '../approvals/approvals.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { notifyUsers } from '../notifications/notify-users.ts';
import { isAddressAllowed, readSecuritySettings } from '../organization-access/security-settings.ts';
import { validation } from '../query/resources.ts';
import { commandActor, visibleList } from '../subscribers/subscriber-access.ts';
import { checkTarget } from '../targets/target-input.ts';
import { chosenColumns, exportColumns, subscriberCustomFieldNames } from './export-columns.ts';
import type { ExportJobParams } from './export-job.ts';

/** The organization's administrators (System.Admin) other than `exceptUserId`, to approve an export. */
async function otherAdministrators(
  trx: Transaction<Database>,
  organizationId: number,
  exceptUserId: number,
): Promise<number[]> {
  const rows = await sql<{ user_id: number }>`SELECT user_id FROM organization_access
    WHERE organization_id = ${organizationId} AND 'System.Admin' = ANY(roles) AND user_id <> ${exceptUserId}
      AND (valid_from IS NULL OR valid_from <= now())`.execute(trx);
  return rows.rows.map((row) => Number(row.user_id));
}

/**
 * requestExport and approveExport (PROTOCOL §5). requestExport needs database-extract; approveExport needs
 * admin (from an address the admin allow-list accepts) and someone other than the requester.
 */
export const exportOrganizationCommands: CommandRegistry = {
  requestExport: registerCommand(
    organizationCommands.requestExport,
    { kind: 'organization', capabilities: ['database-extract'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { db } = context.services;
      // A target expression (text or tree) is checked now, so a mistake is answered at once, and stored as its
      // tree; the job compiles it again when it runs (export-job.ts).
      let expression: TargetNode | null = null;
      if (
        typeof params.target === 'string' ||
        (typeof params.target === 'object' && params.target !== null)
      ) {
        if (params.type !== 'subscribers')
          throw validation('target', 'Only a subscribers export takes a target expression');
        expression = (await checkTarget(db, actor, params.target, 'target')).tree;
      }
      const target = typeof params.target === 'number' ? params.target : null;
      if (params.type === 'listMembers' && target === null)
        throw validation('target', 'A list members export needs the list id as its target');
      const listId = params.type === 'customFields' ? null : target;
      const list = listId === null ? undefined : await visibleList(db, actor, listId);
      if (listId !== null && !list) throw new HeraldError('NotFoundError');
      const available = exportColumns(
        params.type,
        await subscriberCustomFieldNames(db, actor.organizationId),
      );
      chosenColumns(available, params.params.fields);
      const jobParams: ExportJobParams = {
        type: params.type,
        listId,
        fields: params.params.fields ?? null,
        format: params.params.format ?? 'csv',
        target: expression,
      };
      const { twoPersonExtractApproval } = await readSecuritySettings(db, actor.organizationId);
      const jobId = await db.transaction().execute(async (trx) => {
        const id = await enqueueJob(trx, {
          organizationId: actor.organizationId,
          kind: 'export',
          name: list?.name ?? params.type,
          params: { ...jobParams },
          createdBy: actor.userId,
        });
        if (twoPersonExtractApproval) {
          await requestApproval(trx, {
            organizationId: actor.organizationId,
            subject: { kind: 'job', id },
            requestedBy: actor.userId,
          });
          await notifyUsers(trx, {
            organizationId: actor.organizationId,
            userIds: await otherAdministrators(trx, actor.organizationId, actor.userId),
            kind: 'approvals',
            actorUserId: actor.userId,
            messageKey: 'exportApproval',
            messageValues: { jobId: id, type: params.type, name: list?.name ?? params.type },
            recordType: 'job',
            recordId: id,
          });
        }
        return id;
      });
      await context.services.jobs.announce(actor.organizationId, jobId);
      if (!twoPersonExtractApproval) context.services.jobs.poke();
      return { jobId };
    },
  ),

  approveExport: registerCommand(
    organizationCommands.approveExport,
    { kind: 'organization', capabilities: ['admin'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { db } = context.services;
      const security = await readSecuritySettings(db, actor.organizationId);
      if (!isAddressAllowed(security.adminIpAllowList, context.connection.remoteAddress))
        throw new HeraldError('PrivilegesError');
      const job = await db
        .selectFrom('job')
        .select(['id', 'created_by', 'name'])
        .where('id', '=', params.jobId)
        .where('organization_id', '=', actor.organizationId)
        .where('kind', '=', 'export')
        .where('status', '=', 'queued')
        .executeTakeFirst();
      const subject = { kind: 'job', id: params.jobId } as const;
      const approval = job && (await approvalOf(db, actor.organizationId, subject));
      if (!job || approval?.decision !== 'pending') throw new HeraldError('NotFoundError');
      if (approval.requestedBy === actor.userId) throw new HeraldError('ExportApprovalSelfError');
      const status = params.approve ? 'queued' : 'cancelled';
      await db.transaction().execute(async (trx) => {
        const decided = await decideApproval(trx, {
          organizationId: actor.organizationId,
          subject,
          decidedBy: actor.userId,
          approve: params.approve,
          comment: params.comment,
        });
        // Another administrator decided first.
        if (!decided) throw new HeraldError('NotFoundError');
        const updated = params.approve
          ? await sql`UPDATE job SET updated_at = now() WHERE id = ${job.id} AND status = 'queued' RETURNING id`.execute(
              trx,
            )
          : await sql`UPDATE job SET status = 'cancelled', finished_at = now(), updated_at = now()
              WHERE id = ${job.id} AND status = 'queued' RETURNING id`.execute(trx);
        // The requester cancelled it meanwhile.
        if (updated.rows.length === 0) throw new HeraldError('NotFoundError');
        // The other administrators' approval requests are settled.
        await sql`UPDATE user_notification SET read_at = now()
          WHERE organization_id = ${actor.organizationId} AND kind = 'approvals' AND record_type = 'job'
            AND record_id = ${String(job.id)} AND message_key = 'exportApproval' AND read_at IS NULL`.execute(
          trx,
        );
        if (job.created_by !== null) {
          await notifyUsers(trx, {
            organizationId: actor.organizationId,
            userIds: [job.created_by],
            kind: 'approvals',
            actorUserId: actor.userId,
            messageKey: params.approve ? 'exportApproved' : 'exportRefused',
            messageValues: { jobId: job.id, name: job.name },
            recordType: 'job',
            recordId: job.id,
          });
        }
      });
      await context.services.jobs.announce(actor.organizationId, job.id);
      if (params.approve) context.services.jobs.poke();
      return { jobId: job.id, status };
    },
  ),
};
