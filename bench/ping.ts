import WebSocket from 'ws';
import { startServerProcess } from './server-process.ts';

const CONNECTIONS = 200;
const ROUNDS = 50;

/**
 * Ping round trip on the organization channel with 200 connections open, each pinging in a loop:
 * 10,000 pings in all. The server runs in its own process; the clients share the machine's 2 cores.
 */
export async function benchPing(): Promise<string[]> {
  const server = await startServerProcess();
  try {
    const sockets = await Promise.all(Array.from({ length: CONNECTIONS }, () => open(`ws://127.0.0.1:${server.port}/uiv5`)));
    // Warm up the JIT and the connection paths before measuring.
    await Promise.all(sockets.map((socket) => pingLoop(socket, 5)));
    const startedAt = performance.now();
    const samples = (await Promise.all(sockets.map((socket) => pingLoop(socket, ROUNDS)))).flat();
    const elapsed = performance.now() - startedAt;
    for (const socket of sockets) socket.close();
    samples.sort((a, b) => a - b);
    const percentile = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? Number.NaN;
    return [
      `ping round trip at ${CONNECTIONS} concurrent connections (${samples.length} pings): ` +
        `p50 ${percentile(50).toFixed(2)} ms, p99 ${percentile(99).toFixed(2)} ms, max ${percentile(100).toFixed(2)} ms ` +
        `(${Math.round(samples.length / (elapsed / 1000))} pings/s; target p99 ≤ 10 ms)`,
    ];
  } finally {
    await server.stop();
  }
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function pingLoop(socket: WebSocket, rounds: number): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const requestId = `p-${round}`;
    const startedAt = performance.now();
    await new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        if ((JSON.parse(String(data)) as { requestId?: string }).requestId === requestId) {
          socket.off('message', onMessage);
          resolve();
        }
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ command: 'ping', requestId }));
    });
    samples.push(performance.now() - startedAt);
  }
  return samples;
}
