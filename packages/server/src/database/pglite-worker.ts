import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  errorFieldsOf,
  type PGliteReply,
  type PGliteRequest,
  type PGliteWorkerData,
} from './pglite-messages.ts';

/**
 * The worker thread that owns the embedded database. PGlite runs a statement to its end without yielding;
 * on the server's own thread that froze every socket, heartbeat and health check for as long as a statement
 * took (a whole audience generation). Here it only occupies this thread. The server's thread sends
 * statements as messages (pglite-thread.ts), one at a time, in the order its queue grants them.
 *
 * Kept free of the server's other modules, so the worker loads PGlite and little else.
 */
/** The embedded database's buffer cache (HERALD_PGLITE_SHARED_BUFFERS, 32MB by default). */
const SHARED_BUFFERS = /^\d+(kB|MB|GB)$/.test(process.env.HERALD_PGLITE_SHARED_BUFFERS ?? '')
  ? process.env.HERALD_PGLITE_SHARED_BUFFERS!
  : '32MB';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const options = workerData as PGliteWorkerData;

function reply(message: PGliteReply): void {
  port!.postMessage(message);
}

let client: PGlite;
try {
  client = await PGlite.create({
    dataDir: options.dataDir,
    // Trigram indexes make text search (case-insensitive contains) fast, as on PostgreSQL.
    extensions: { pg_trgm },
    // PostgreSQL's own buffer cache lives in the WebAssembly memory, where every page it ever held stays
    // resident; PGlite's default of 128 MB is a quarter of the server's memory budget. The data directory's
    // files are cached by the operating system anyway, so a small cache costs no speed (docs/measurements.md
    // § The embedded database's buffer cache).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
} catch (error) {
  reply({ kind: 'opening-failed', error: errorFieldsOf(error) });
  throw error;
}

const listening = new Map<string, () => Promise<void>>();

async function handle(request: PGliteRequest): Promise<void> {
  switch (request.kind) {
    case 'query': {
      const result = await client.query(
        request.text,
        [...request.params],
        request.blob === undefined ? undefined : { blob: copySource(request.blob) },
      );
      reply({ kind: 'result', id: request.id, rows: result.rows, affectedRows: result.affectedRows });
      return;
    }
    case 'listen': {
      if (!listening.has(request.channel)) {
        const channel = request.channel;
        listening.set(
          channel,
          await client.listen(channel, (payload) => reply({ kind: 'notification', channel, payload })),
        );
      }
      reply({ kind: 'done', id: request.id });
      return;
    }
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      if (stop && !client.closed) await stop();
      reply({ kind: 'done', id: request.id });
      return;
    }
    case 'close': {
      // Closing writes a shutdown checkpoint, so the next open starts without crash recovery.
      if (!client.closed) await client.close();
      reply({ kind: 'done', id: request.id });
      port!.close();
      return;
    }
  }
}

/**
 * What COPY … FROM '/dev/blob' reads. PGlite asks the blob for its arrayBuffer() and nothing else (0.5's
 * `_handleBlob`), so bytes go to it as they arrived: a Blob of them is a copy, and its arrayBuffer() another,
 * 4.5 MB each for every batch of an import (docs/measurements.md § PGlite memory, part by part).
 */
function copySource(data: string | Uint8Array): Blob {
  if (typeof data === 'string') return new Blob([data]);
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const bytes = whole ? data.buffer : data.slice().buffer;
  return { arrayBuffer: async () => bytes } as unknown as Blob;
}

port.on('message', (request: PGliteRequest) => {
  handle(request).catch((error: unknown) =>
    reply({ kind: 'failed', id: request.id, error: errorFieldsOf(error) }),
  );
});
reply({ kind: 'ready' });
