import { HeraldError, organizationAccessCommands } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { AuditEntry } from '../audit/audit-log.ts';
import { registerCommand, type CommandContext } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import { listIssuers } from '../sso/issuers.ts';
import { actingAdministrator, requireAdministratorTwoFactor } from './admin-guards.ts';
import { accessGrantedMail } from './access-mail.ts';
import { listUserAccounts, partitionSetsBelong, requireAccess } from './user-accounts.ts';

const admin = { kind: 'admin' } as const;

/** Who may enter the organization with which roles (PROTOCOL §3, admin only). */
export const userAccessCommands = {
  getOrganizationAccess: registerCommand(
    organizationAccessCommands.getOrganizationAccess,
    admin,
    async (params, { services }) => ({
      user_accounts: await listUserAccounts(services.db, params.organizationId),
      sso_issuers: await listIssuers(services.db, params.organizationId),
    }),
  ),

  grantOrganizationAccess: registerCommand(
    organizationAccessCommands.grantOrganizationAccess,
    admin,
    async (params, context) => {
      const { services } = context;
      const actorUserId = await managingAdministrator(params, context);
      if (!(await partitionSetsBelong(services.db, params.organizationId, params.partitionsets))) {
        throw new HeraldError('NotFoundError');
      }
      const granted = await services.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('user_account')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', params.email.toLowerCase()))
          .executeTakeFirst();
        const hadAccess =
          existing !== undefined &&
          (await trx
            .selectFrom('organization_access')
            .select('user_id')
            .where('user_id', '=', existing.id)
            .where('organization_id', '=', params.organizationId)
            .executeTakeFirst()) !== undefined;
        // A new person gets an account without a password: they set one with the code of a password reset.
        const id =
          existing?.id ??
          (
            await trx
              .insertInto('user_account')
              .values({ email: params.email, phone: params.phone, settings: '{}' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        await trx
          .insertInto('organization_access')
          .values({
            user_id: id,
            organization_id: params.organizationId,
            roles: params.roles,
            partitionsets: params.partitionsets,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['user_id', 'organization_id'])
              .doUpdateSet({ roles: params.roles, partitionsets: params.partitionsets }),
          )
          .execute();
        await services.audit.record(
          {
            action: 'access.granted',
            organizationId: params.organizationId,
            actorUserId,
            subjectUserId: id,
            details: {
              email: params.email,
              roles: params.roles,
              partitionsets: params.partitionsets,
              newAccount: !existing,
            },
            remoteAddress: context.connection.remoteAddress,
          },
          trx,
        );
        return { id, newAccount: !existing, newAccess: !hadAccess };
      });
      const userId = granted.id;
      await services.accessEvents.publish({ userId, organizationId: params.organizationId });
      // Told once, when the access is new (a grant that only changes roles sends nothing), after the commit.
      if (granted.newAccess)
        services.mailer.sendLater(async () => {
          const organization = await services.db
            .selectFrom('organization')
            .select('name')
            .where('id', '=', params.organizationId)
            .executeTakeFirstOrThrow();
          return accessGrantedMail({
            to: params.email,
            organizationName: organization.name,
            newAccount: granted.newAccount,
            publicUrl: services.config.publicUrl,
          });
        });
      return { userId };
    },
  ),

  updateOrganizationAccess: registerCommand(
    organizationAccessCommands.updateOrganizationAccess,
    admin,
    async (params, context) => {
      const { services } = context;
      const actorUserId = await managingAdministrator(params, context);
      const before = await requireAccess(services.db, params.organizationId, params.userId);
      const partitionsets = params.partitionsets ?? before.partitionsets;
      if (!(await partitionSetsBelong(services.db, params.organizationId, partitionsets)))
        throw new HeraldError('NotFoundError');
      const validFrom =
        params.validFrom === undefined
          ? before.valid_from
          : params.validFrom === null
            ? null
            : new Date(params.validFrom);
      if (validFrom !== null && Number.isNaN(validFrom.getTime())) {
        throw new HeraldError('ValidationError', { details: [{ path: 'validFrom', message: 'Not a date' }] });
      }
      await applyAccessChange(
        context,
        {
          action: 'access.updated',
          organizationId: params.organizationId,
          actorUserId,
          subjectUserId: params.userId,
          details: {
            rolesBefore: before.roles,
            roles: params.roles,
            partitionsets,
            validFrom: validFrom?.toISOString() ?? null,
          },
        },
        (trx) =>
          trx
            .updateTable('organization_access')
            .set({ roles: params.roles, partitionsets, valid_from: validFrom })
            .where('organization_id', '=', params.organizationId)
            .where('user_id', '=', params.userId)
            .execute(),
      );
      return {};
    },
  ),

  revokeOrganizationAccess: registerCommand(
    organizationAccessCommands.revokeOrganizationAccess,
    admin,
    async (params, context) => {
      const { services } = context;
      const actorUserId = await managingAdministrator(params, context);
      const before = await requireAccess(services.db, params.organizationId, params.userId);
      await applyAccessChange(
        context,
        {
          action: 'access.revoked',
          organizationId: params.organizationId,
          actorUserId,
          subjectUserId: params.userId,
          details: { roles: before.roles },
        },
        (trx) =>
          trx
            .deleteFrom('organization_access')
            .where('organization_id', '=', params.organizationId)
            .where('user_id', '=', params.userId)
            .execute(),
      );
      return {};
    },
  ),

  endUserSessions: registerCommand(
    organizationAccessCommands.endUserSessions,
    admin,
    async (params, context) => {
      const { services } = context;
      const actorUserId = await managingAdministrator(params, context);
      await requireAccess(services.db, params.organizationId, params.userId);
      const ended = await services.sessions.endAllForUser(params.userId);
      await services.audit.record({
        action: 'sessions.endedByAdmin',
        organizationId: params.organizationId,
        actorUserId,
        subjectUserId: params.userId,
        details: { ended },
        remoteAddress: context.connection.remoteAddress,
      });
      return { ended };
    },
  ),
};

/** Managing users needs an administrator with two-factor on (functional §5). */
async function managingAdministrator(
  params: { sessionId: string },
  context: CommandContext,
): Promise<number> {
  const actorUserId = await actingAdministrator(params, context);
  await requireAdministratorTwoFactor(actorUserId, context);
  return actorUserId;
}

/**
 * Writes a change of a user's access and its audit entry in one transaction, then tells every server
 * process, so the user's open connections follow within a second.
 */
async function applyAccessChange(
  context: CommandContext,
  change: Omit<AuditEntry, 'remoteAddress'> & { organizationId: number; subjectUserId: number },
  write: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  const { services, connection } = context;
  await services.db.transaction().execute(async (trx) => {
    await write(trx);
    await services.audit.record({ ...change, remoteAddress: connection.remoteAddress }, trx);
  });
  await services.accessEvents.publish({
    userId: change.subjectUserId,
    organizationId: change.organizationId,
  });
}
