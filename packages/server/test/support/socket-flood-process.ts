import WebSocket from 'ws';

/**
 * Run as its own process by socketFlood (socket-flood.ts): opens `count` WebSockets to `url` at once from
 * `localAddress`, prints a line as it starts and a JSON line once each was answered, and holds the open ones
 * until it is killed.
 */
const [url, countText, localAddress] = process.argv.slice(2);
if (!url || !countText || !localAddress)
  throw new Error('usage: socket-flood-process.ts url count localAddress');

const held: WebSocket[] = [];
process.stdout.write('started\n');
const startedAt = performance.now();
const outcomes = await Promise.all(
  Array.from({ length: Number(countText) }, () => attempt(url, localAddress)),
);
const refusals: Record<string, number> = {};
for (const outcome of outcomes) if (outcome !== 'open') refusals[outcome] = (refusals[outcome] ?? 0) + 1;
process.stdout.write(
  `${JSON.stringify({ answeredMs: performance.now() - startedAt, opened: held.length, refusals })}\n`,
);

/** Opens one socket: 'open' (and holds it), or how it was refused (`HTTP 429`, `close 1008`, an error). */
function attempt(target: string, from: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(target, { localAddress: from, perMessageDeflate: false });
    socket.once('open', () => {
      held.push(socket);
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(`HTTP ${response.statusCode}`);
      socket.terminate();
    });
    socket.once('close', (code) => resolve(`close ${code}`));
    socket.once('error', (error) => resolve(error.message));
  });
}
