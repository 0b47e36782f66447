import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import { HeraldError, MAX_FRAME_BYTES } from '@herald/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { AddressSockets } from './channels/address-sockets.ts';
import { admitUpgrades } from './channels/admit-upgrades.ts';
import type { ConnectionState } from './channels/connection-state.ts';
import { allowedOriginSet, isOriginAllowed } from './channels/origin.ts';
import type { CommandRegistry } from './channels/registry.ts';
import { serveSocket } from './channels/serve-socket.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './database/connect.ts';
import { clientAddressReader } from './http/client-address.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { clientCookieOf, registerSessionCookieRoute } from './http/session-cookie.ts';
import { registerWebApp } from './http/web-app.ts';
import { loggerOptions } from './logger.ts';
import type { Secrets } from './secrets.ts';
import { hashSecret } from './sessions/session-ids.ts';
import type { Area } from './area.ts';
import { heraldAreas } from './areas.ts';
import { composeAreas } from './composition.ts';
import { createServices, type Services } from './services.ts';

export interface HeraldApp {
  app: FastifyInstance;
  services: Services;
}

/**
 * Builds the HTTP and WebSocket server on an open, migrated database. `onFirstReady` is called as /readyz first
 * answers 200.
 */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  secrets: Secrets,
  areas: readonly Area[] = heraldAreas,
  onFirstReady?: (app: FastifyInstance) => void,
): Promise<HeraldApp> {
  const composition = composeAreas(areas);
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    return503OnClosing: true,
    forceCloseConnections: true,
    // request.ip (every client address Herald records or checks) follows X-Forwarded-For only through these.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });
  const services = createServices(database, config, secrets, app.log, composition);
  await services.accessEvents.start();
  app.addHook('onClose', () => services.accessEvents.stop());
  await services.files.prepare();
  // The runner starts once the server listens (start.ts): a resumed job's first statements must not hold the
  // embedded database's one connection while the server is still starting.
  app.addHook('onClose', () => services.jobs.stop());
  // Added before the areas' hooks, so it runs after them (last added, first run): the listeners are stopped
  // when the waiting list recounts are made.
  app.addHook('onClose', () => services.listRecounts.stop());
  for (const area of areas) {
    const stop = await area.start?.(services);
    if (stop) app.addHook('onClose', stop);
  }
  const allowedOrigins = allowedOriginSet(config.publicUrl, config.allowedOrigins);
  const addressSockets = new AddressSockets(config.maxSocketsPerAddress, (network, limit) =>
    app.log.warn({ network, limit }, 'websocket handshakes refused: the address holds its limit of sockets'),
  );

  // Static assets and JSON go out gzip- or brotli-compressed when the client accepts it.
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config.publicUrl);
  const clientAddress = clientAddressReader(config.trustedProxies);
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // Handshakes past an address's limit are refused before they reach Fastify (channels/admit-upgrades.ts).
      server: admitUpgrades(app.server, (request) => addressSockets.take(clientAddress(request))),
      // ws's default, said aloud: a compression context per socket costs far more memory than the small JSON
      // frames would save, and a flood of sockets would multiply it.
      perMessageDeflate: false,
    },
  });

  registerHealthRoutes(app, database, onFirstReady);
  registerSessionCookieRoute(app, config.publicUrl);

  const channelRoute = (path: string, channel: ConnectionState['channel'], registry: CommandRegistry) => {
    app.get(
      path,
      {
        websocket: true,
        preValidation: async (request, reply) => {
          if (!isOriginAllowed(request.headers.origin, allowedOrigins)) {
            request.log.warn({ origin: request.headers.origin }, 'websocket origin refused');
            await reply.code(403).send({ error: new HeraldError('PrivilegesError').toWire() });
          }
        },
      },
      (socket, request) => {
        const clientCookie = clientCookieOf(request.cookies);
        const connection: ConnectionState = {
          channel,
          clientHash: clientCookie ? hashSecret(clientCookie) : null,
          remoteAddress: request.ip,
          gate: { id: randomUUID(), waiting: 0, closed: false },
        };
        serveSocket(socket, connection, registry, services);
      },
    );
  };
  channelRoute('/session', 'session', composition.sessionCommands);
  channelRoute('/uiv5', 'organization', composition.organizationCommands);

  for (const area of areas) await area.routes?.(app, services);
  await registerWebApp(app, config.webDistDir);
  return { app, services };
}
