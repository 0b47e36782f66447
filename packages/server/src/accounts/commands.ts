import { HeraldError, sessionCommands } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import type { Services } from '../services.ts';
import { checkAccountCode, consumeAccountCode, issueAccountCode } from './account-codes.ts';
import { accountCodeMail } from './code-mail.ts';
import { assertAcceptablePassword, assertValidEmail } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import type { AccountCodePurpose } from './tables.ts';
import { requestQuotas, takeRequestQuota } from '../sessions/request-quota.ts';
import { listOwnSessions, ownSessionByHandle } from './own-sessions.ts';
import { trustBrowser } from '../sessions/sign-in.ts';

/**
 * Session-channel commands of this area, each registered with its access (channels/registry.ts).
 *
 * Sign-up: createUser makes an account without a password and mails a code; resetPassword with that code
 * and a new password sets the first password, which proves the address. Until then the account cannot sign
 * in (createSession finds no password), and resetPassword without a code mails a fresh code to finish.
 */
export const accountSessionCommands: CommandRegistry = {
  createUser: registerCommand(
    sessionCommands.createUser,
    { kind: 'public' },
    async (params, { services, connection }) => {
      assertValidEmail(params.email);
      // Each sign-up writes an account and mails a code: a network may make only so many.
      await takeRequestQuota(services.db, requestQuotas.signUp, connection.remoteAddress);
      const created = await services.db
        .insertInto('user_account')
        .values({ email: params.email, phone: params.phone || null, password_hash: null, settings: '{}' })
        // The unique index on lower(email) decides, so two sign-ups racing for one address cannot both win.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!created) throw new HeraldError('DuplicateUserError');
      services.log.info({ userId: created.id }, 'account created');
      mailCode(services, { id: created.id, email: params.email }, 'signUp');
      return { id: created.id };
    },
  ),

  resetPassword: registerCommand(
    sessionCommands.resetPassword,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const account = await findAccount(services.db, params.email);
      if (params.otpCode === undefined) {
        // The same answer, at once, whether or not the address has an account: the mail goes out afterwards.
        if (account) mailCode(services, account, account.password_hash ? 'passwordReset' : 'signUp');
        return {};
      }
      if (params.newPassword !== undefined) assertAcceptablePassword(params.newPassword);
      const code = await checkAccountCode(services.db, account?.id, params.otpCode);
      if (!account || params.newPassword === undefined) return {};
      const passwordHash = await hashPassword(params.newPassword);
      await services.db.transaction().execute(async (trx) => {
        await consumeAccountCode(trx, code.id);
        await trx
          .updateTable('user_account')
          .set({ password_hash: passwordHash, must_change_password: false })
          .where('id', '=', account.id)
          .execute();
        await services.audit.record(
          {
            action: 'password.reset',
            actorUserId: account.id,
            subjectUserId: account.id,
            details: { purpose: code.purpose },
            remoteAddress: connection.remoteAddress,
          },
          trx,
        );
      });
      const ended = await services.sessions.endAllForUser(account.id);
      await trustBrowser(services.db, { id: account.id, email: params.email }, connection.clientHash);
      services.log.info({ userId: account.id, endedSessions: ended }, 'password reset');
      return {};
    },
  ),

  updateUserSettings: registerCommand(
    sessionCommands.updateUserSettings,
    { kind: 'session' },
    async (params, { services, connection }) => {
      const session = await services.sessions.requireSession(params.sessionId, connection);
      const updated = await services.db
        .updateTable('user_account')
        .set({ settings: JSON.stringify(params.settings) })
        .where('id', '=', session.userId)
        .returning('settings')
        .executeTakeFirstOrThrow();
      return { settings: updated.settings };
    },
  ),

  listUserSessions: registerCommand(
    sessionCommands.listUserSessions,
    { kind: 'session' },
    async (params, { services, connection }) => {
      const session = await services.sessions.requireSession(params.sessionId, connection);
      const records = await listOwnSessions(services, session);
      return { records, total: records.length };
    },
  ),

  endUserSession: registerCommand(
    sessionCommands.endUserSession,
    { kind: 'session' },
    async (params, { services, connection }) => {
      const session = await services.sessions.requireSession(params.sessionId, connection);
      const target = await ownSessionByHandle(services, session.userId, params.id);
      if (!target) throw new HeraldError('NotFoundError');
      await services.sessions.end(target.id_hash);
      await services.audit.record({
        action: 'session.ended',
        actorUserId: session.userId,
        subjectUserId: session.userId,
        details: { current: target.id_hash === session.idHash },
        remoteAddress: connection.remoteAddress,
      });
      return {};
    },
  ),
};

interface AccountToMail {
  id: number;
  email: string;
}

async function findAccount(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user_account')
    .select(['id', 'email', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('disabled', '=', false)
    .executeTakeFirst();
}

/** Issues a code and mails it once the reply has gone, so the reply's timing tells nothing. */
function mailCode(services: Services, account: AccountToMail, purpose: AccountCodePurpose): void {
  services.mailer.sendLater(async () => {
    const code = await issueAccountCode(services.db, account.id, purpose);
    if (code === undefined) {
      services.log.info({ userId: account.id }, 'no code sent: this account had its codes for the hour');
      return undefined;
    }
    return accountCodeMail(purpose, account.email, code, services.config.publicUrl);
  });
}
