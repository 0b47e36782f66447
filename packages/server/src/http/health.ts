import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../database/connect.ts';

/** Liveness answers while the process is up; readiness only while the database answers too. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await database.ping();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });
}
