import { HeraldError, isSubscriptionType, organizationCommands, type ErrorType } from '@herald/protocol';
import { z } from 'zod';
import { checkResult } from '../channels/dispatch.ts';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { asWatchingWork } from '../database/work-context.ts';
import { planQuery, runPlannedQuery, withQueryLimits } from './engine.ts';
import { actorOf, type Actor, type ResourceDeclaration } from './resources.ts';

function mayRead(resource: ResourceDeclaration, actor: Actor): boolean {
  return resource.readCapabilities.some((capability) => actor.capabilities.includes(capability));
}

/** The contract check of records (config.validateResults): each must match its type's record schema. */
function checkRecords(resource: ResourceDeclaration, records: readonly unknown[]): void {
  checkResult(`${resource.type} records`, z.array(resource.definition.record), records);
}

function runAsItIs<T>(work: () => T): T {
  return work();
}

/** The types of the template list (functional §7: template, templateContent). */
const TEMPLATE_TYPES: ReadonlySet<unknown> = new Set(['template', 'templateContent']);

/** Platform §8: listing templates needs an organization, and a query for them without one says so. */
function templateListWithoutOrganization(params: Readonly<Record<string, unknown>>): ErrorType | undefined {
  const query = params.query;
  const type = typeof query === 'object' && query !== null ? (query as { type?: unknown }).type : undefined;
  return TEMPLATE_TYPES.has(type) ? 'TemplateListWithoutOrganizationError' : undefined;
}

/**
 * Organization-channel commands of this area, each registered with its access (channels/registry.ts).
 * Both need an authenticated connection of `params.organizationId`; the capability each type needs is
 * in its declaration (campaigns: base or franchisee to read, content-edit to write), checked here.
 */
export const queryOrganizationCommands: CommandRegistry = {
  query: registerCommand(
    organizationCommands.query,
    { kind: 'organization', capabilities: [], withoutOrganization: templateListWithoutOrganization },
    async (params, { connection, services }) => {
      const organization = connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const resource = services.resources.of(params.query.type);
      const asItsKind = resource.watchesBackgroundWork ? asWatchingWork : runAsItIs;
      return asItsKind(async () => {
        const actor = await actorOf(services.db, organization);
        if (!mayRead(resource, actor)) throw new HeraldError('PrivilegesError');
        const plan = await planQuery(
          resource,
          params,
          actor,
          new Date().toISOString().slice(0, 10),
          services.db,
        );
        return withQueryLimits(
          services.db,
          services.config.databaseUrl !== undefined,
          connection,
          params.queryKey,
          async (db) => {
            await resource.beforeQuery?.();
            const page = await runPlannedQuery(db, plan);
            if (services.config.validateResults) checkRecords(resource, page.records);
            return page;
          },
        );
      });
    },
  ),

  writeRecords: registerCommand(
    organizationCommands.writeRecords,
    { kind: 'organization', capabilities: [] },
    async (params, { connection, services }) => {
      const organization = connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const resource = services.resources.of(params.type, 'type');
      const actor = await actorOf(services.db, organization);
      const write = resource.write;
      if (!write || !mayRead(resource, actor)) throw new HeraldError('PrivilegesError');
      for (const capability of resource.writeCapabilities) {
        if (!actor.capabilities.includes(capability)) throw new HeraldError('PrivilegesError');
      }
      const records = await services.db.transaction().execute((trx) => write(trx, actor, params.data));
      if (services.config.validateResults) checkRecords(resource, records);
      const type = resource.type;
      try {
        // The live types are the subscription types (the contract derives one from the other).
        if (isSubscriptionType(type))
          await services.recordChanges.announce({ organizationId: actor.organizationId, type, records });
      } catch (error) {
        // The write is committed; a failed announcement must not answer it as failed.
        services.log.error({ err: error }, 'announcing changed records failed');
      }
      return { records };
    },
  ),
};
