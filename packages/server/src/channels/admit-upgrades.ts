import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HeraldError } from '@herald/protocol';

/** Takes a place for one handshake; answers how to give it back, or undefined to refuse it. */
export type AdmitUpgrade = (request: IncomingMessage) => (() => void) | undefined;

/**
 * How many admitted handshakes go on to Fastify in one turn of the event loop. Each costs up to a millisecond
 * (routing, hooks, the upgrade's hashing and the new socket's first frames); a burst of 256 handed on at once
 * held another client's ping for 180–270 ms (docs/measurements.md § Sockets flood). Handing them on a few a turn
 * lets the loop answer everyone else between them, and costs the burst itself nothing measurable.
 */
export const HANDSHAKES_PER_TURN = 8;

const refusalBody = JSON.stringify({ error: new HeraldError('TooManyRequestsError').toWire() });
const refusal = [
  'HTTP/1.1 429 Too Many Requests',
  'Connection: close',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(refusalBody)}`,
  '',
  refusalBody,
].join('\r\n');

interface Handshake {
  request: IncomingMessage;
  socket: Duplex;
  head: Buffer;
}

/**
 * Stands between the HTTP server and the WebSocket plugin: each handshake (upgrade request) must be admitted
 * before it goes on to Fastify's routing, hooks and the upgrade; a refused one is answered 429 on its socket
 * and closed. Refusing there costs a few microseconds, where going through Fastify cost as much as accepting
 * (docs/decisions/0010-sockets-per-address.md). An admitted handshake keeps its place as long as its connection
 * is open, whether it becomes a WebSocket or is refused later (403 for its Origin), and waits its turn in a queue
 * handed on HANDSHAKES_PER_TURN at a time. Answers the server the plugin listens on.
 */
export function admitUpgrades(server: Server, admit: AdmitUpgrade): Server {
  // Never listens: only carries the admitted handshakes' 'upgrade' events to @fastify/websocket.
  const admitted = createServer();
  const waiting: Handshake[] = [];
  let draining = false;

  const handOn = () => {
    for (let handed = 0; handed < HANDSHAKES_PER_TURN; handed++) {
      const next = waiting.shift();
      if (!next) break;
      // A client that gave up while it waited has already given its place back (its 'close').
      if (!next.socket.destroyed) admitted.emit('upgrade', next.request, next.socket, next.head);
    }
    if (waiting.length > 0) setImmediate(handOn);
    else draining = false;
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node takes its own error listener off a socket before 'upgrade'; a client resetting it must not throw.
    socket.on('error', () => socket.destroy());
    const giveBack = admit(request);
    if (!giveBack) {
      socket.end(refusal);
      return;
    }
    if (socket.destroyed) {
      giveBack();
      return;
    }
    socket.once('close', giveBack);
    waiting.push({ request, socket, head });
    if (!draining) {
      draining = true;
      setImmediate(handOn);
    }
  });
  return admitted;
}
