import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface FloodReport {
  /** From the first handshake sent until every one was answered (opened or refused). */
  answeredMs: number;
  opened: number;
  /** How many were refused, by how: `HTTP 429`, `close 1008`, a connection error. */
  refusals: Record<string, number>;
}

export interface SocketFlood {
  /** Resolves as the first handshake is sent (the process takes a moment to start). */
  started: Promise<void>;
  /** Resolves once every handshake was answered. */
  report: Promise<FloodReport>;
  /** Closes the flood's sockets (the process holding them ends). */
  stop(): Promise<void>;
}

const floodProcess = path.join(import.meta.dirname, 'socket-flood-process.ts');

/**
 * Opens `count` WebSockets to `url` at once from `localAddress` (a loopback address such as 127.0.0.3), as the
 * attack did. The sockets are opened by a process of their own, so the clients' work does not share the event
 * loop of the server under test or of a client measuring it.
 */
export function socketFlood(url: string, count: number, localAddress: string): SocketFlood {
  const child = spawn(process.execPath, ['--import', 'tsx', floodProcess, url, String(count), localAddress], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the flood process ended before it reported');
    return line.value;
  };
  const started = nextLine().then(() => undefined);
  const report = started.then(async () => JSON.parse(await nextLine()) as FloodReport);
  // Awaited by the test; these only keep an early end from surfacing as an unhandled rejection first.
  started.catch(() => undefined);
  report.catch(() => undefined);
  return {
    started,
    report,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
