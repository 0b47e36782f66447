import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Services } from '../services.ts';
import { comparableName } from './domain-names.ts';

/**
 * The organization whose verified tracking domain a request came in on (its Host), or undefined: the
 * delivery engine's tracking routes answer only on a host whose CNAME a check has seen point here.
 */
export async function trackingOrganizationOf(
  db: Kysely<Database>,
  host: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('organization_domain')
    .select('organization_id')
    .where('kind', '=', 'tracking')
    .where('domain', '=', comparableName(host))
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return row?.organization_id;
}

/** `GET /t/check`: 200 `{organizationId}` on a verified tracking domain, 404 on any other host. */
export function registerTrackingRoutes(app: FastifyInstance, services: Services): void {
  app.get('/t/check', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const organizationId = await trackingOrganizationOf(services.db, request.hostname);
    if (organizationId === undefined) return reply.code(404).send({ error: 'NotFoundError' });
    return { organizationId };
  });
}
