import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client address of a request that has not reached Fastify yet (a WebSocket handshake refused before
 * routing), worked out as Fastify works out request.ip under buildApp's trustProxy: X-Forwarded-For is followed
 * through HERALD_TRUSTED_PROXIES only, and without them the peer's address is the client's.
 */
export function clientAddressReader(trustedProxies: readonly string[]): (request: IncomingMessage) => string {
  if (trustedProxies.length === 0) return (request) => request.socket.remoteAddress ?? '';
  const trusted = proxyAddr.compile([...trustedProxies]);
  return (request) => proxyAddr(request, trusted);
}
