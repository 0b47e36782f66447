import { socketFlood } from '../packages/server/test/support/socket-flood.ts';
import { cpuSecondsOf, startServerProcess } from './server-process.ts';
import { call, open } from './ws-client.ts';

const FLOOD = 1_000;
const PING_INTERVAL_MS = 10;

/**
 * A connection flood (docs/decisions/0010-sockets-per-address.md): 1,000 WebSockets opened at once from one
 * address (127.0.0.3, by a process of their own) while another client (127.0.0.2) pings every 10 ms. Reports how
 * long the flood took to be answered (opened or refused), the server's CPU time meanwhile (which, unlike the
 * times, hardly depends on what else the machine runs) and the other client's ping round trip. No demo data, so
 * its seeding is not measured with the flood.
 */
export async function benchFlood(): Promise<string[]> {
  const server = await startServerProcess({ HERALD_SEED_DEMO: 'false' });
  try {
    const url = `ws://127.0.0.1:${server.port}/uiv5`;
    const other = await open(url, '127.0.0.2');
    const roundTrips: number[] = [];
    let measuring = false;
    let pinging = true;
    const pings = (async () => {
      while (pinging) {
        const sentAt = performance.now();
        const counted = measuring;
        await call(other, 'ping');
        if (counted) roundTrips.push(performance.now() - sentAt);
        await new Promise((resolve) => setTimeout(resolve, PING_INTERVAL_MS));
      }
    })();
    const flood = socketFlood(url, FLOOD, '127.0.0.3');
    try {
      await flood.started;
      const cpuBefore = await cpuSecondsOf(server.pid);
      measuring = true;
      const report = await flood.report;
      measuring = false;
      const cpuAfter = await cpuSecondsOf(server.pid);
      const serverCpu =
        cpuBefore === undefined || cpuAfter === undefined
          ? 'unknown'
          : `${((cpuAfter - cpuBefore) * 1000).toFixed(0)} ms`;
      return [
        `flood of ${FLOOD} sockets from one address: answered in ${report.answeredMs.toFixed(0)} ms, ` +
          `${report.opened} opened, refused ${JSON.stringify(report.refusals)}; server CPU ${serverCpu}`,
        `another address's ping meanwhile (${roundTrips.length} pings): ${summary(roundTrips)} (target p99 ≤ 100 ms)`,
      ];
    } finally {
      pinging = false;
      await pings;
      other.close();
      await flood.stop();
    }
  } finally {
    await server.stop();
  }
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN).toFixed(1);
  return `p50 ${at(50)} ms, p99 ${at(99)} ms, max ${at(100)} ms`;
}
