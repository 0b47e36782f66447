import WebSocket from 'ws';

/** A bare WebSocket client for the benchmarks: open a channel (from a loopback address of choice), send a command, await its reply. */
export function open(url: string, localAddress?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, localAddress ? { localAddress } : {});
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

let nextRequest = 0;

/** Sends one command and resolves with its result (rejects with the error type). */
export function call(socket: WebSocket, command: string, params?: unknown): Promise<unknown> {
  const requestId = `b-${++nextRequest}`;
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const reply = JSON.parse(String(data)) as {
        requestId?: string;
        result?: unknown;
        error?: { type: string };
      };
      if (reply.requestId !== requestId) return;
      socket.off('message', onMessage);
      if (reply.error) reject(new Error(`${command}: ${reply.error.type}`));
      else resolve(reply.result);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ command, requestId, params }));
  });
}
