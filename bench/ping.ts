import type WebSocket from 'ws';
import { startServerProcess } from './server-process.ts';
import { call, open } from './ws-client.ts';

const CONNECTIONS = 200;
const PACED_INTERVAL_MS = 100;
const PACED_DURATION_MS = 5_000;
const SATURATION_ROUNDS = 50;

/**
 * Ping round trip on the organization channel with 200 connections open. Two loads, both bounded:
 * - paced: each connection pings every 100 ms for 5 s (2,000 pings/s, some 300 times the load of 200
 *   clients pinging every 30 s) — the latency a user's ping sees on a busy server;
 * - saturation: each connection pings again the moment its reply lands (10,000 pings) — throughput, where
 *   the round trip is mostly time spent queued behind the other 199.
 * The server runs in its own process; the clients share the machine's 2 cores with it.
 */
export async function benchPing(): Promise<string[]> {
  const server = await startServerProcess();
  try {
    const sockets = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => open(`ws://127.0.0.1:${server.port}/uiv5`)),
    );
    await Promise.all(sockets.map((socket) => closedLoop(socket, 5)));

    const paced = (await Promise.all(sockets.map((socket, index) => pacedLoop(socket, index)))).flat();
    const startedAt = performance.now();
    const saturation = (
      await Promise.all(sockets.map((socket) => closedLoop(socket, SATURATION_ROUNDS)))
    ).flat();
    const rate = Math.round(saturation.length / ((performance.now() - startedAt) / 1000));
    for (const socket of sockets) socket.close();
    return [
      `ping round trip, ${CONNECTIONS} connections, paced (${paced.length} pings at ${(CONNECTIONS * 1000) / PACED_INTERVAL_MS}/s): ` +
        `${summary(paced)} (target p99 ≤ 10 ms)`,
      `ping round trip, ${CONNECTIONS} connections, saturation (${saturation.length} pings at ${rate}/s): ${summary(saturation)}`,
    ];
  } finally {
    await server.stop();
  }
}

/** p50, p99 and max of round trips in milliseconds, as the benchmarks print them. */
export function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN).toFixed(2);
  return `p50 ${at(50)} ms, p99 ${at(99)} ms, max ${at(100)} ms`;
}

/** One ping's round trip in milliseconds. */
async function pingOnce(socket: WebSocket): Promise<number> {
  const startedAt = performance.now();
  await call(socket, 'ping');
  return performance.now() - startedAt;
}

async function closedLoop(socket: WebSocket, rounds: number): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) samples.push(await pingOnce(socket));
  return samples;
}

/** Pings on a fixed schedule, staggered across connections so the load is even rather than in bursts. */
async function pacedLoop(socket: WebSocket, index: number): Promise<number[]> {
  const samples: Promise<number>[] = [];
  const offset = (index * PACED_INTERVAL_MS) / CONNECTIONS;
  await sleep(offset);
  const endAt = performance.now() + PACED_DURATION_MS;
  while (performance.now() < endAt) {
    const tickAt = performance.now();
    samples.push(pingOnce(socket));
    await sleep(Math.max(0, PACED_INTERVAL_MS - (performance.now() - tickAt)));
  }
  return Promise.all(samples);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
