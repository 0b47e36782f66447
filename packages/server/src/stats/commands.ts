import { liveCommands } from '@herald/protocol';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';
import { OrganizationStatsCache } from './organization-stats.ts';

const caches = new WeakMap<object, OrganizationStatsCache>();

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
};
