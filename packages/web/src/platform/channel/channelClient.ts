import { reconnectDecision, reconnectDelaySeconds } from '@herald/protocol';
import type { PushFrame } from '@herald/protocol';
import { ChannelError, catalogueError } from './channelError.ts';
import type { CommandMap } from './commandMap.ts';
import { initialConnectionState } from './connectionState.ts';
import type { ConnectionState } from './connectionState.ts';
import { PendingRequests } from './pendingRequests.ts';
import { browserScheduler } from './scheduler.ts';
import type { Scheduler } from './scheduler.ts';
import { SOCKET_OPEN } from './webSocketLike.ts';
import type { WebSocketConstructor, WebSocketLike } from './webSocketLike.ts';

/** Sends a command on the socket just opened, before queued commands go out (authenticateConnection). */
export type SendNow = (command: string, params: Record<string, unknown>) => Promise<unknown>;

export interface ChannelOptions {
  /** Names the channel in query-cache keys ('session', 'organization-7'). */
  key?: string;
  /** The ws:// or wss:// address, read on every attempt. */
  address: () => string;
  WebSocket?: WebSocketConstructor;
  scheduler?: Scheduler;
  /** Runs before every connection attempt (the session cookie fetch); a rejection counts as a failed attempt. */
  beforeConnect?: () => Promise<void>;
  /**
   * Runs on every newly opened socket; queued commands wait for it. Success makes the channel `authenticated`;
   * a rejection fails the waiting commands with that error and reaches onAuthenticationFailed listeners.
   */
  authenticate?: (sendNow: SendNow) => Promise<void>;
  /** Called every intervalMs while the channel is ready (renewSession, ping). */
  heartbeat?: { intervalMs: number; beat: () => void };
}

type Listener<T> = (value: T) => void;

/**
 * One client for both channels (PROTOCOL §2): requests carry a requestId and are matched to replies in any
 * order, pushes go to listeners, and a dropped connection is retried on the platform §4 schedule. Commands
 * asked while disconnected wait for the connection to come back, or fail once the channel gives up.
 */
export class ChannelClient<Commands extends CommandMap = CommandMap> {
  readonly key: string;
  private readonly WebSocketClass: WebSocketConstructor;
  private readonly scheduler: Scheduler;
  private readonly pending = new PendingRequests();
  private readonly pushListeners = new Set<Listener<PushFrame>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly authenticationListeners = new Set<Listener<ChannelError>>();
  private state: ConnectionState = initialConnectionState;
  private socket: WebSocketLike | null = null;
  private ready = false;
  private started = false;
  private authenticationError: ChannelError | null = null;
  private nextRequestNumber = 1;
  /** Bumped by every attempt and by stop(), so a late event of an abandoned attempt changes nothing. */
  private generation = 0;
  private cancelRetry: (() => void) | null = null;
  private cancelHeartbeat: (() => void) | null = null;

  constructor(private readonly options: ChannelOptions) {
    const WebSocketClass = options.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
    if (!WebSocketClass) throw new Error('No WebSocket implementation is available');
    this.WebSocketClass = WebSocketClass;
    this.key = options.key ?? 'channel';
    this.scheduler = options.scheduler ?? browserScheduler;
  }

  /** Opens the channel (once); later calls do nothing. Requests start it too. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.connect();
  }

  /** Closes the channel for good on purpose (leaving an organization); waiting commands fail. */
  stop(): void {
    this.started = false;
    this.generation += 1;
    this.cancelRetry?.();
    this.dropSocket();
    this.pending.rejectAll(catalogueError('WSConnectionClosedError'));
    this.setState({ ...initialConnectionState });
  }

  request<Name extends keyof Commands & string>(
    command: Name,
    params: Commands[Name]['params'],
  ): Promise<Commands[Name]['result']> {
    if (this.state.status === 'closed') return Promise.reject(catalogueError('WSConnectionClosedError'));
    if (this.authenticationError) return Promise.reject(this.authenticationError);
    const promise = this.enqueue(command, params as Record<string, unknown>);
    if (this.ready) this.flush();
    else this.start();
    return promise as Promise<Commands[Name]['result']>;
  }

  /** Runs authenticate again on the open socket (a fresh token before the old one expires). */
  async reauthenticate(): Promise<void> {
    const socket = this.socket;
    if (!socket || !this.options.authenticate || socket.readyState !== SOCKET_OPEN) return;
    await this.authenticateOn(socket);
  }

  getState(): ConnectionState {
    return this.state;
  }

  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onPush(listener: Listener<PushFrame>): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  onAuthenticationFailed(listener: Listener<ChannelError>): () => void {
    this.authenticationListeners.add(listener);
    return () => this.authenticationListeners.delete(listener);
  }

  /** Registers a request; with `socket` it goes out at once, otherwise it waits in the queue. */
  private enqueue(
    command: string,
    params: Record<string, unknown>,
    socket?: WebSocketLike,
  ): Promise<unknown> {
    const requestId = `r-${this.nextRequestNumber++}`;
    const frame = JSON.stringify({ command, requestId, params });
    const promise = new Promise((resolve, reject) =>
      this.pending.add(requestId, { frame, sent: socket !== undefined, resolve, reject }),
    );
    socket?.send(frame);
    return promise;
  }

  private flush(): void {
    const socket = this.socket;
    if (!socket || !this.ready) return;
    for (const frame of this.pending.takeQueued()) socket.send(frame);
  }

  private async connect(): Promise<void> {
    this.cancelRetry = null;
    const generation = ++this.generation;
    try {
      await this.options.beforeConnect?.();
    } catch {
      if (generation === this.generation) this.attemptFailed();
      return;
    }
    if (generation !== this.generation) return;
    let socket: WebSocketLike;
    try {
      socket = new this.WebSocketClass(this.options.address());
    } catch {
      this.attemptFailed();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      void this.opened(socket);
    };
    socket.onmessage = (event) => this.received(event.data);
    // Browsers and `ws` follow every error with a close, so close alone decides what happens next.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.connectionLost(opened);
    };
  }

  private async opened(socket: WebSocketLike): Promise<void> {
    this.setState({ status: 'connected', failedRetries: 0, offlineNotified: false, neverConnected: false });
    if (this.options.authenticate) await this.authenticateOn(socket);
    else this.becomeReady();
  }

  private async authenticateOn(socket: WebSocketLike): Promise<void> {
    const sendNow: SendNow = (command, params) => this.enqueue(command, params, socket);
    // Commands asked meanwhile must not overtake authentication, so they stay queued until it settles.
    this.ready = false;
    try {
      await this.options.authenticate?.(sendNow);
    } catch (error) {
      if (this.socket !== socket) return;
      this.authenticationFailed(error);
      return;
    }
    if (this.socket !== socket) return;
    this.authenticationError = null;
    this.setState({ ...this.state, status: 'authenticated' });
    this.becomeReady();
  }

  private authenticationFailed(error: unknown): void {
    const failure = error instanceof ChannelError ? error : catalogueError('OrgAuthenticationError');
    this.authenticationError = failure;
    this.pending.rejectAll(failure);
    this.authenticationListeners.forEach((listener) => listener(failure));
  }

  private becomeReady(): void {
    this.ready = true;
    this.flush();
    this.cancelHeartbeat?.();
    const heartbeat = this.options.heartbeat;
    if (heartbeat) this.cancelHeartbeat = this.scheduler.every(heartbeat.intervalMs, heartbeat.beat);
  }

  private received(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    const message = frame as Record<string, unknown>;
    if (typeof message.requestId === 'string') {
      const error = message.error as { type: string; message: string } | undefined;
      this.pending.settle(
        message.requestId,
        error ? { error: new ChannelError(error) } : { result: message.result },
      );
    } else if (typeof message.event === 'string') {
      this.pushListeners.forEach((listener) => listener(message as unknown as PushFrame));
    }
  }

  /** The open socket went away: its unanswered commands fail, the rest wait for the first retry. */
  private connectionLost(wasOpen: boolean): void {
    this.stopHeartbeat();
    if (!wasOpen) {
      this.attemptFailed();
      return;
    }
    this.pending.rejectSent(catalogueError('WSConnectionError'));
    if (!this.started) return;
    this.setState({ ...this.state, status: 'retrying', failedRetries: 0 });
    this.scheduleRetry(1);
  }

  /**
   * A connection attempt failed. The first attempt after a success is not a retry; each later one is, and
   * reconnectDecision says whether to go on, go on and tell the user, or give up (platform §4).
   */
  private attemptFailed(): void {
    this.stopHeartbeat();
    if (!this.started) return;
    const isRetry = this.state.status === 'retrying';
    const failedRetries = isRetry ? this.state.failedRetries + 1 : 0;
    const decision = failedRetries === 0 ? 'retry' : reconnectDecision(failedRetries);
    if (decision === 'give-up') {
      this.started = false;
      this.setState({ ...this.state, status: 'closed', failedRetries });
      this.pending.rejectAll(catalogueError('WSConnectionClosedError'));
      return;
    }
    const offlineNotified = this.state.offlineNotified || decision === 'retry-and-notify';
    this.setState({ ...this.state, status: 'retrying', failedRetries, offlineNotified });
    this.scheduleRetry(failedRetries + 1);
  }

  private scheduleRetry(retry: number): void {
    this.cancelRetry = this.scheduler.after(reconnectDelaySeconds(retry) * 1000, () => void this.connect());
  }

  private stopHeartbeat(): void {
    this.ready = false;
    this.cancelHeartbeat?.();
    this.cancelHeartbeat = null;
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.stopHeartbeat();
    socket?.close();
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.stateListeners.forEach((listener) => listener());
  }
}
