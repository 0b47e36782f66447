import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

/** HTTP routes of the single sign-on flow (the browser leaves for the issuer and comes back here). */
export function registerSsoRoutes(_app: FastifyInstance, _services: Services): void {}
