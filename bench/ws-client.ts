import WebSocket from 'ws';

/** A bare WebSocket client for the benchmarks: open a channel (from a loopback address of choice), send a command, await its reply. */
export function open(url: string, localAddress?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, localAddress ? { localAddress } : {});
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A command's error reply; `type` is the catalogue's error type (TooManyRequestsError …). */
export class CommandError extends Error {
  readonly type: string;

  constructor(command: string, type: string) {
    super(`${command}: ${type}`);
    this.type = type;
  }
}

interface Reply {
  requestId?: string;
  result?: unknown;
  error?: { type: string };
}

let nextRequest = 0;

/** Sends one command and resolves with its result (rejects with a CommandError). */
export function call(socket: WebSocket, command: string, params?: unknown): Promise<unknown> {
  const requestId = `b-${++nextRequest}`;
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const reply = JSON.parse(String(data)) as Reply;
      if (reply.requestId !== requestId) return;
      socket.off('message', onMessage);
      if (reply.error) reject(new CommandError(command, reply.error.type));
      else resolve(reply.result);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ command, requestId, params }));
  });
}

/**
 * `call` for many commands in flight on one socket (a burst, or pings while the server stalls): one
 * listener matches every reply to its command, instead of one listener per command reading every reply.
 */
export function caller(socket: WebSocket): (command: string, params?: unknown) => Promise<unknown> {
  const pending = new Map<
    string,
    { command: string; resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  socket.on('message', (data: WebSocket.RawData) => {
    const reply = JSON.parse(String(data)) as Reply;
    const waiting = reply.requestId === undefined ? undefined : pending.get(reply.requestId);
    if (!waiting || reply.requestId === undefined) return;
    pending.delete(reply.requestId);
    if (reply.error) waiting.reject(new CommandError(waiting.command, reply.error.type));
    else waiting.resolve(reply.result);
  });
  socket.on('close', () => {
    for (const waiting of pending.values())
      waiting.reject(new Error(`${waiting.command}: the socket closed`));
    pending.clear();
  });
  return (command, params) => {
    const requestId = `b-${++nextRequest}`;
    return new Promise((resolve, reject) => {
      pending.set(requestId, { command, resolve, reject });
      socket.send(JSON.stringify({ command, requestId, params }));
    });
  };
}
