import { HeraldError, signInCommands, ssoCommands } from '@herald/protocol';
import { sql } from 'kysely';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';
import type { Services } from '../services.ts';
import { emailDomainOf } from './claims.ts';
import { completeSignOn } from './handoff.ts';
import {
  claimedDomains,
  disableIssuer,
  exclusiveIssuerForDomain,
  insertIssuer,
  listIssuers,
  toIssuer,
} from './issuers.ts';
import { SignOnError } from './sign-on-error.ts';
import { isIssuerUriAllowed } from './sign-on.ts';
import { endIssuerSessions } from './sso-sessions.ts';

/** Session-channel commands of this area, each registered with its access (channels/registry.ts). */
export const ssoSessionCommands: CommandRegistry = {
  getUserLoginMethod: registerCommand(
    signInCommands.getUserLoginMethod,
    { kind: 'public' },
    async (params, { services }) => {
      // Decided by the address's domain alone, never by whether an account exists (no enumeration).
      const domain = emailDomainOf(params.email);
      const issuer = domain ? await exclusiveIssuerForDomain(services.db, domain) : undefined;
      if (!issuer) return { method: 'password' as const };
      return { method: 'sso' as const, redirectUrl: startUrl(services, issuer.id, params.email) };
    },
  ),

  completeSsoLogin: registerCommand(
    ssoCommands.completeSsoLogin,
    { kind: 'public' },
    async (params, { services, connection }) => {
      try {
        return await completeSignOn(services, params.key, connection);
      } catch (error) {
        if (error instanceof SignOnError) {
          await services.audit.record({
            action: 'signIn.failed',
            actorUserId: error.userId ?? null,
            details: { issuerId: error.issuerId ?? null, method: 'sso', reason: error.reason },
            remoteAddress: connection.remoteAddress,
          });
        }
        throw error;
      }
    },
  ),

  addOrganizationIssuer: registerCommand(
    ssoCommands.addOrganizationIssuer,
    { kind: 'admin' },
    async (params, { services, connection }) => {
      const { sessionId, organizationId, ...fields } = params;
      const actor = await services.sessions.requireSession(sessionId, connection);
      if (!isIssuerUriAllowed(fields.issuerUri, services.config.publicUrl)) {
        throw new HeraldError('ValidationError', {
          details: [{ path: 'issuerUri', message: 'The issuer must be an https URL' }],
        });
      }
      const row = await services.db.transaction().execute(async (trx) => {
        if (fields.exclusive && !fields.disabled) {
          // One enabled issuer per exclusive domain, across organizations: serialize the check and insert.
          await sql`SELECT pg_advisory_xact_lock(hashtext('herald.sso_issuer.exclusive_domains'))`.execute(
            trx,
          );
          const taken = await claimedDomains(trx, fields.exclusiveDomains);
          if (taken.length > 0) {
            throw new HeraldError('ValidationError', {
              details: [
                {
                  path: 'exclusiveDomains',
                  message: `Already exclusive to another identity provider: ${taken.join(', ')}`,
                },
              ],
            });
          }
        }
        const inserted = await insertIssuer(trx, organizationId, fields, services.sso.now());
        await services.audit.record(
          {
            action: 'issuer.added',
            organizationId,
            actorUserId: actor.userId,
            details: {
              issuerId: inserted.id,
              issuerUri: inserted.issuer_uri,
              manageRoles: inserted.manage_roles,
              exclusiveDomains: inserted.exclusive_domains,
            },
            remoteAddress: connection.remoteAddress,
          },
          trx,
        );
        return inserted;
      });
      return toIssuer(row);
    },
  ),

  disableOrganizationIssuer: registerCommand(
    ssoCommands.disableOrganizationIssuer,
    { kind: 'admin' },
    async (params, { services, connection }) => {
      const actor = await services.sessions.requireSession(params.sessionId, connection);
      const now = services.sso.now();
      const changed = await services.db.transaction().execute(async (trx) => {
        const result = await disableIssuer(trx, params.organizationId, params.issuerId, now);
        if (!result) throw new HeraldError('NotFoundError');
        if (result.before.disabled) return { issuer: result.after, endedUsers: [] };
        // Sessions that came through this issuer end with it: disabling is how an administrator cuts it off.
        const endedUsers = await endIssuerSessions(trx, params.organizationId, params.issuerId, now);
        await services.audit.record(
          {
            action: 'issuer.disabled',
            organizationId: params.organizationId,
            actorUserId: actor.userId,
            details: { issuerId: params.issuerId, usersSignedOut: endedUsers.length },
            remoteAddress: connection.remoteAddress,
          },
          trx,
        );
        return { issuer: result.after, endedUsers };
      });
      for (const userId of changed.endedUsers) await services.accessEvents.publish({ userId });
      return toIssuer(changed.issuer);
    },
  ),

  getOrganizationIssuers: registerCommand(
    ssoCommands.getOrganizationIssuers,
    { kind: 'admin' },
    async (params, { services }) => ({ issuers: await listIssuers(services.db, params.organizationId) }),
  ),
};

/** Where the web app sends the browser to sign in through an issuer (routes.ts). */
export function startUrl(services: Services, issuerId: number, loginHint?: string): string {
  const query = new URLSearchParams({ issuer: String(issuerId) });
  if (loginHint) query.set('login_hint', loginHint);
  return `${services.config.publicUrl}/sso/start?${query.toString()}`;
}
