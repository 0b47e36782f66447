import { domainCommands, HeraldError, type DomainKind } from '@herald/protocol';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { AuditAction } from '../audit/audit-log.ts';
import { actingAdministrator } from '../organization-access/admin-guards.ts';
import { checkDomain } from './check-domain.ts';
import { newDkimKey } from './dkim-keys.ts';
import { normalizedDomain } from './domain-names.ts';
import {
  claimDomain,
  domainsOf,
  keysOf,
  removeDomain,
  requireDomain,
  ssoDomainsOf,
  writeDomainsConfig,
} from './domain-store.ts';
import { sendingDomainView, ssoDomainView, trackingDomainView } from './domain-views.ts';

const admin = { kind: 'admin' } as const;

/** Session-channel commands of this area, each registered with its access (channels/registry.ts). */
export const domainSessionCommands: CommandRegistry = {
  getOrganizationDomains: registerCommand(
    domainCommands.getOrganizationDomains,
    admin,
    async ({ organizationId }, { services: { db, config } }) => {
      const [sending, tracking, sso] = await Promise.all([
        domainsOf(db, organizationId, 'sending'),
        domainsOf(db, organizationId, 'tracking'),
        ssoDomainsOf(db, organizationId),
      ]);
      const keys = await keysOf(
        db,
        organizationId,
        sending.map((row) => row.domain),
      );
      return {
        sending: sending.map((row) =>
          sendingDomainView(
            row,
            keys.filter((key) => key.domain === row.domain),
            config,
          ),
        ),
        tracking: tracking.map((row) => trackingDomainView(row, config)),
        sso: sso.map(({ row, issuerIds }) => ssoDomainView(row, issuerIds)),
      };
    },
  ),

  addOrganizationSendingDomain: registerCommand(
    domainCommands.addOrganizationSendingDomain,
    admin,
    async (params, context) => {
      const { db, config } = context.services;
      const domain = normalizedDomain(params.domain);
      const key = newDkimKey();
      await db.transaction().execute(async (trx) => {
        await claimDomain(trx, params.organizationId, 'sending', domain, params.envfrom);
        await trx
          .insertInto('sending_domain_key')
          .values({
            organization_id: params.organizationId,
            domain,
            selector: params.selector,
            private_key: key.privateKey,
            public_key: key.publicKey,
          })
          .execute();
      });
      await changed(context, params, 'domain.added', { kind: 'sending', domain, selector: params.selector });
      const row = await requireDomain(db, params.organizationId, 'sending', domain);
      return sendingDomainView(row, await keysOf(db, params.organizationId, [domain]), config);
    },
  ),

  removeOrganizationSendingDomain: registerCommand(
    domainCommands.removeOrganizationSendingDomain,
    admin,
    async (params, context) => {
      const domain = normalizedDomain(params.domain);
      await removeDomain(context.services.db, params.organizationId, 'sending', domain);
      await changed(context, params, 'domain.removed', { kind: 'sending', domain });
      return {};
    },
  ),

  addOrganizationTrackingDomain: registerCommand(
    domainCommands.addOrganizationTrackingDomain,
    admin,
    async (params, context) => {
      const { db, config } = context.services;
      const domain = normalizedDomain(params.domain);
      await db
        .transaction()
        .execute((trx) => claimDomain(trx, params.organizationId, 'tracking', domain, null));
      await changed(context, params, 'domain.added', { kind: 'tracking', domain });
      return trackingDomainView(await requireDomain(db, params.organizationId, 'tracking', domain), config);
    },
  ),

  removeOrganizationTrackingDomain: registerCommand(
    domainCommands.removeOrganizationTrackingDomain,
    admin,
    async (params, context) => {
      const domain = normalizedDomain(params.domain);
      await removeDomain(context.services.db, params.organizationId, 'tracking', domain);
      await changed(context, params, 'domain.removed', { kind: 'tracking', domain });
      return {};
    },
  ),

  checkOrganizationDomain: registerCommand(
    domainCommands.checkOrganizationDomain,
    admin,
    async (params, { services: { db, config } }) => {
      const result = await checkDomain(
        db,
        config,
        params.organizationId,
        params.kind,
        normalizedDomain(params.domain),
      );
      if (params.kind !== 'sso') await writeDomainsConfig(db, params.organizationId);
      return result;
    },
  ),

  rotateSendingDomainKey: registerCommand(
    domainCommands.rotateSendingDomainKey,
    admin,
    async (params, context) => {
      const { db, config } = context.services;
      const domain = normalizedDomain(params.domain);
      const row = await requireDomain(db, params.organizationId, 'sending', domain);
      const keys = await keysOf(db, params.organizationId, [domain]);
      if (keys.some((key) => key.selector === params.selector))
        throw new HeraldError('ValidationError', {
          details: [{ path: 'selector', message: 'This domain already has a key with this selector' }],
        });
      const key = newDkimKey();
      await db
        .insertInto('sending_domain_key')
        .values({
          organization_id: params.organizationId,
          domain,
          selector: params.selector,
          private_key: key.privateKey,
          public_key: key.publicKey,
        })
        .execute();
      await changed(context, params, 'domain.keyRotated', { domain, selector: params.selector });
      return sendingDomainView(row, await keysOf(db, params.organizationId, [domain]), config);
    },
  ),

  retireSendingDomainKey: registerCommand(
    domainCommands.retireSendingDomainKey,
    admin,
    async (params, context) => {
      const { db, config } = context.services;
      const domain = normalizedDomain(params.domain);
      const row = await requireDomain(db, params.organizationId, 'sending', domain);
      const keys = await keysOf(db, params.organizationId, [domain]);
      const retiring = keys.find((key) => key.selector === params.selector && !key.retired_at);
      if (!retiring) throw new HeraldError('NotFoundError');
      // Mail keeps being signed only if another published, checked key remains.
      if (!keys.some((key) => key !== retiring && !key.retired_at && key.verified_at))
        throw new HeraldError('DomainKeyRetireError');
      await db
        .updateTable('sending_domain_key')
        .set({ retired_at: new Date() })
        .where('id', '=', retiring.id)
        .execute();
      await changed(context, params, 'domain.keyRetired', { domain, selector: params.selector });
      return sendingDomainView(row, await keysOf(db, params.organizationId, [domain]), config);
    },
  ),
};

/** Records the change in the audit log and refreshes the organization's public domains_config. */
async function changed(
  context: CommandContext,
  params: { sessionId: string; organizationId: number },
  action: AuditAction,
  details: { kind?: DomainKind; domain: string; selector?: string },
): Promise<void> {
  await writeDomainsConfig(context.services.db, params.organizationId);
  await context.services.audit.record({
    action,
    organizationId: params.organizationId,
    actorUserId: actingAdministrator(params, context),
    details,
    remoteAddress: context.connection.remoteAddress,
  });
}
