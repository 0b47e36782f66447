import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../database/connect.ts';

/**
 * Liveness answers while the process is up; readiness only while the database answers too. `onFirstReady` is
 * called once, as readiness is first answered 200 (start.ts logs the start-up's phases then).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  onFirstReady?: (app: FastifyInstance) => void,
): void {
  let firstReady = onFirstReady;
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await database.ping();
    if (ready && firstReady) {
      firstReady(app);
      firstReady = undefined;
    }
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });
}
