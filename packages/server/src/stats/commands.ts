import { HeraldError, liveCommands } from '@herald/protocol';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { DashboardStatsCache } from './dashboard-stats.ts';
import { OrganizationStatsCache } from './organization-stats.ts';

const caches = new WeakMap<object, OrganizationStatsCache>();
const dashboardCaches = new WeakMap<object, DashboardStatsCache>();

/** Organization-channel commands of this area, each registered with its access (channels/registry.ts). */
export const statsOrganizationCommands: CommandRegistry = {
  getStats: registerCommand(
    liveCommands.getStats,
    { kind: 'organization', capabilities: ['base'] },
    async (params, { services }) => {
      // One cache per server process (per Services), so tests running several servers keep theirs apart.
      let cache = caches.get(services);
      if (!cache) {
        cache = new OrganizationStatsCache(services.db);
        caches.set(services, cache);
      }
      return cache.get(params.organizationId);
    },
  ),
  getDashboardStats: registerCommand(
    liveCommands.getDashboardStats,
    // Whoever may read subscribers (base or franchisee, the subscriber type's read capabilities) sees the
    // figures of what they may read; the access table takes all of its capabilities, so the "either" is here.
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await commandActor(context);
      if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
        throw new HeraldError('PrivilegesError');
      let cache = dashboardCaches.get(context.services);
      if (!cache) {
        cache = new DashboardStatsCache(context.services.db);
        dashboardCaches.set(context.services, cache);
      }
      return cache.get(actor, params);
    },
  ),
};
