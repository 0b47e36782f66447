import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

export interface ReceivedFrame {
  command: string;
  requestId: string;
  params: Record<string, unknown>;
}

/** A real WebSocket server on a free port that records what arrives and lets a test answer by hand. */
export class TestChannelServer {
  readonly received: ReceivedFrame[] = [];
  readonly sockets: WebSocket[] = [];
  private constructor(private readonly server: WebSocketServer) {
    server.on('connection', (socket) => {
      this.sockets.push(socket);
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as ReceivedFrame;
        this.received.push(frame);
        this.onRequest?.(frame, socket);
      });
    });
  }

  /** Answers requests as they come when set; otherwise a test replies with reply(). */
  onRequest: ((frame: ReceivedFrame, socket: WebSocket) => void) | null = null;

  static async start(): Promise<TestChannelServer> {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new TestChannelServer(server);
  }

  get address(): string {
    return `ws://${this.host}/session`;
  }

  /** The page's host a channel would derive its address from. */
  get host(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get latestSocket(): WebSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('No client has connected');
    return socket;
  }

  send(frame: object, socket: WebSocket = this.latestSocket): void {
    socket.send(JSON.stringify(frame));
  }

  /** Cuts every open connection, as a server restart would. */
  dropConnections(): void {
    this.sockets.forEach((socket) => socket.terminate());
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** An address where nothing listens: a port the system handed out and that was released again. */
export async function unreachableAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `ws://127.0.0.1:${port}/session`;
}

/** Polls until the condition holds; socket I/O runs on real time even when the channel's clock is manual. */
export async function eventually(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
