import WebSocket from 'ws';

export interface Reply {
  requestId: string | number | null;
  result?: unknown;
  error?: { type: string; message: string; details?: Array<{ path: string; message: string }> };
}

/**
 * A plain WebSocket client speaking PROTOCOL §2, as any outside client would: no shared code with the
 * server beyond the wire format.
 */
export class ChannelClient {
  readonly socket: WebSocket;
  readonly #waiting = new Map<string, { settle: (reply: Reply) => void; fail: (error: Error) => void }>();
  readonly #unmatched: Reply[] = [];
  readonly pushes: unknown[] = [];
  #nextId = 0;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.setMaxListeners(100);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Reply & { event?: string };
      if (frame.event !== undefined) {
        this.pushes.push(frame);
        return;
      }
      const waiter = this.#waiting.get(String(frame.requestId));
      if (waiter) {
        this.#waiting.delete(String(frame.requestId));
        waiter.settle(frame);
      } else {
        this.#unmatched.push(frame);
      }
    });
    // A reply can no longer come once the socket is closed (a server killed, a socket refused): fail at
    // once rather than at the time-out.
    socket.on('close', () => {
      for (const waiter of this.#waiting.values()) waiter.fail(new Error('the socket closed before a reply'));
      this.#waiting.clear();
    });
  }

  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<ChannelClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      socket.once('open', () => resolve(new ChannelClient(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
    });
  }

  /** Sends a command and answers its reply; past `timeoutMs` (10 s unless told) without one, it fails. */
  request(command: string, params?: unknown, timeoutMs?: number): Promise<Reply> {
    const requestId = `r-${++this.#nextId}`;
    return this.sendRaw(JSON.stringify({ command, requestId, params }), requestId, timeoutMs);
  }

  /** The result of a command that must succeed; throws with the error reply otherwise. */
  async call<T = Record<string, unknown>>(command: string, params?: unknown): Promise<T> {
    const reply = await this.request(command, params);
    if (reply.error) throw new Error(`${command} failed: ${reply.error.type}: ${reply.error.message}`);
    return reply.result as T;
  }

  sendRaw(text: string | Buffer, requestId: string | null = null, timeoutMs = 10_000): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${requestId ?? 'raw frame'}`)), timeoutMs);
      const settle = (reply: Reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      if (requestId === null) {
        const onMessage = () => {
          const reply = this.#unmatched.shift();
          if (reply) {
            this.socket.off('message', onMessage);
            settle(reply);
          }
        };
        this.socket.on('message', onMessage);
      } else {
        this.#waiting.set(requestId, {
          settle,
          fail: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
      }
      if (this.socket.readyState !== WebSocket.OPEN) {
        clearTimeout(timer);
        if (requestId !== null) this.#waiting.delete(requestId);
        reject(new Error('the socket is not open'));
        return;
      }
      this.socket.send(text);
    });
  }

  /** Resolves with the next push of this event, or rejects after `timeoutMs`. */
  nextPush(
    event: string,
    timeoutMs = 1_000,
  ): Promise<{ event: string; organizationId?: number; data: unknown }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.socket.off('message', onMessage);
        reject(new Error(`no ${event} push within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(String(data)) as { event?: string; organizationId?: number; data: unknown };
        if (frame.event === event) {
          clearTimeout(timer);
          this.socket.off('message', onMessage);
          resolve(frame as { event: string; organizationId?: number; data: unknown });
        }
      };
      this.socket.on('message', onMessage);
    });
  }

  closed(): Promise<{ code: number }> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) resolve({ code: 1006 });
      this.socket.once('close', (code) => resolve({ code }));
    });
  }

  close(): void {
    this.socket.close();
  }
}
