import type { WebSocket } from 'ws';
import { HeraldError } from '@herald/protocol';
import type { Services } from '../services.ts';
import { closeUnlessAuthenticated } from './authentication-deadline.ts';
import type { ConnectionState } from './connection-state.ts';
import { dispatchFrame } from './dispatch.ts';
import type { CommandRegistry } from './registry.ts';

/**
 * Speaks the envelope on one socket. Frames over 1 MiB never reach here: the WebSocket server's
 * maxPayload closes the socket with 1009 first. Replies are sent as each command finishes, so a slow
 * command does not hold up the others (clients match replies by requestId).
 */
export function serveSocket(
  socket: WebSocket,
  connection: ConnectionState,
  registry: CommandRegistry,
  services: Services,
): void {
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      send(socket, { requestId: null, error: new HeraldError('MalformedMessage').toWire() });
      return;
    }
    expireOrganizationToken(connection);
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    void dispatchFrame(text, registry, { connection, services }).then((reply) => send(socket, reply));
  });
  // ws reports protocol violations (such as an oversized frame) as errors before closing; they are the
  // client's fault and must not take the process down.
  socket.on('error', (error) => services.log.debug({ err: error }, 'socket error'));
  socket.on('close', () => {
    connection.gate.closed = true;
  });
  if (connection.channel === 'organization') {
    const forget = services.organizationConnections.add({ connection, push: (frame) => send(socket, frame) });
    socket.on('close', forget);
    closeUnlessAuthenticated(socket, connection);
  }
}

function send(socket: WebSocket, frame: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** An organization connection whose token has run out must authenticate again with a fresh one. */
function expireOrganizationToken(connection: ConnectionState, now = new Date()): void {
  if (connection.organization && connection.organization.expiresAt <= now)
    connection.organization = undefined;
}
