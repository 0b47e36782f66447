import { createServer, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { admitUpgrades, HANDSHAKES_PER_TURN } from './admit-upgrades.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A handshake on a socket that is not connected anywhere: only its 'upgrade' event and its close matter here. */
function handshake(server: ReturnType<typeof createServer>) {
  const socket = new Socket();
  server.emit('upgrade', new IncomingMessage(socket), socket, Buffer.alloc(0));
  return socket;
}

describe('admitUpgrades', () => {
  it('hands admitted handshakes on a few a turn, so a burst cannot hold the event loop', async () => {
    const server = createServer();
    const handedOn: Socket[] = [];
    admitUpgrades(server, () => () => {}).on('upgrade', (_request, socket: Socket) => handedOn.push(socket));
    const sockets = Array.from({ length: HANDSHAKES_PER_TURN * 2 + 3 }, () => handshake(server));
    expect(handedOn).toHaveLength(0);
    await nextTurn();
    expect(handedOn).toHaveLength(HANDSHAKES_PER_TURN);
    await nextTurn();
    expect(handedOn).toHaveLength(HANDSHAKES_PER_TURN * 2);
    await nextTurn();
    expect(handedOn).toEqual(sockets);
    for (const socket of sockets) socket.destroy();
  });

  it('gives back the place of a handshake whose client left while it waited, and does not hand it on', async () => {
    const server = createServer();
    const handedOn: Socket[] = [];
    let places = 0;
    admitUpgrades(server, () => {
      places++;
      return () => places--;
    }).on('upgrade', (_request, socket: Socket) => handedOn.push(socket));
    const leaving = handshake(server);
    const staying = handshake(server);
    expect(places).toBe(2);
    leaving.destroy();
    await new Promise((resolve) => leaving.once('close', resolve));
    await nextTurn();
    expect(places).toBe(1);
    expect(handedOn).toEqual([staying]);
    staying.destroy();
  });
});
