import { HeraldError, organizationCommands } from '@herald/protocol';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import '../campaigns/campaign-resource.ts';
import '../partitions/partition-resource.ts';
import '../jobs/job-resource.ts';
import '../partitions/partition-set-resource.ts';
import '../lists/list-resource.ts';
import '../subscribers/subscriber-resource.ts';
import '../subscribers/list-membership-resource.ts';
import '../subscribers/subscriber-event-resource.ts';
import '../custom-fields/custom-field-resource.ts';
import '../tags/tag-resource.ts';
import '../targeting-rules/targeting-rule-resource.ts';
import '../audiences/audience-resource.ts';
import { planQuery, runPlannedQuery, withQueryLimits } from './engine.ts';
import { actorOf, resourceOf, type Actor, type ResourceDeclaration } from './resources.ts';

function mayRead(resource: ResourceDeclaration, actor: Actor): boolean {
  return resource.readCapabilities.some((capability) => actor.capabilities.includes(capability));
}

/**
 * Organization-channel commands of this area, each registered with its access (channels/registry.ts).
 * Both need an authenticated connection of `params.organizationId`; the capability each type needs is
 * in its declaration (campaigns: base or franchisee to read, content-edit to write), checked here.
 */
export const queryOrganizationCommands: CommandRegistry = {
  query: registerCommand(
    organizationCommands.query,
    { kind: 'organization', capabilities: [] },
    async (params, { connection, services }) => {
      const organization = connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const resource = resourceOf(params.query.type);
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
          return runPlannedQuery(db, plan);
        },
      );
    },
  ),

  writeRecords: registerCommand(
    organizationCommands.writeRecords,
    { kind: 'organization', capabilities: [] },
    async (params, { connection, services }) => {
      const organization = connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const resource = resourceOf(params.type, 'type');
      const actor = await actorOf(services.db, organization);
      const write = resource.write;
      if (!write || !mayRead(resource, actor)) throw new HeraldError('PrivilegesError');
      for (const capability of resource.writeCapabilities) {
        if (!actor.capabilities.includes(capability)) throw new HeraldError('PrivilegesError');
      }
      const records = await services.db.transaction().execute((trx) => write(trx, actor, params.data));
      try {
        await services.recordChanges.announce({
          organizationId: actor.organizationId,
          type: resource.type,
          records,
        });
      } catch (error) {
        // The write is committed; a failed announcement must not answer it as failed.
        services.log.error({ err: error }, 'announcing changed records failed');
      }
      return { records };
    },
  ),
};
