import { readFile } from 'node:fs/promises';
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
    ...(options.templateFile ? { loadDataDir: new Blob([await readFile(options.templateFile)]) } : {}),
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
        request.blob === undefined
          ? undefined
          : { blob: new Blob([request.blob as string | Uint8Array<ArrayBuffer>]) },
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

port.on('message', (request: PGliteRequest) => {
  handle(request).catch((error: unknown) =>
    reply({ kind: 'failed', id: request.id, error: errorFieldsOf(error) }),
  );
});
reply({ kind: 'ready' });
