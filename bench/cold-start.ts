import { startServerProcess } from './server-process.ts';

/** Cold start: a new process on an empty embedded database (migrations and demo seed included) until ready. */
export async function benchColdStart(runs = 3): Promise<string[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const server = await startServerProcess();
    times.push(server.readyAfterMs);
    await server.stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return [
    `cold start, empty embedded database, to /readyz 200: median ${(median / 1000).toFixed(2)} s ` +
      `(runs: ${times.map((time) => (time / 1000).toFixed(2)).join(', ')} s; target ≤ 5 s)`,
  ];
}
