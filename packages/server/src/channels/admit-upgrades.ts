import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HeraldError } from '@herald/protocol';

/** Takes a place for one handshake; answers how to give it back, or undefined to refuse it. */
export type AdmitUpgrade = (request: IncomingMessage) => (() => void) | undefined;

const refusalBody = JSON.stringify({ error: new HeraldError('TooManyRequestsError').toWire() });
const refusal = [
  'HTTP/1.1 429 Too Many Requests',
  'Connection: close',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(refusalBody)}`,
  '',
  refusalBody,
].join('\r\n');

/**
 * Stands between the HTTP server and the WebSocket plugin: each handshake (upgrade request) must be admitted
 * before it goes on to Fastify's routing, hooks and the upgrade; a refused one is answered 429 on its socket
 * and closed. Refusing there costs a few microseconds, where going through Fastify cost as much as accepting
 * (issue 12's flood). An admitted handshake keeps its place as long as its connection is open, whether it
 * becomes a WebSocket or is refused later (403 for its Origin). Answers the server the plugin listens on.
 */
export function admitUpgrades(server: Server, admit: AdmitUpgrade): Server {
  // Never listens: only carries the admitted handshakes' 'upgrade' events to @fastify/websocket.
  const admitted = createServer();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const giveBack = admit(request);
    if (!giveBack) {
      // Node takes its own error listener off a socket before 'upgrade'; a client resetting it must not throw.
      socket.on('error', () => socket.destroy());
      socket.end(refusal);
      return;
    }
    if (socket.destroyed) giveBack();
    else socket.once('close', giveBack);
    admitted.emit('upgrade', request, socket, head);
  });
  return admitted;
}
