/**
 * The part of the WebSocket API the channels use. Browsers provide it as globalThis.WebSocket; Node 20 has none,
 * so tests hand in the `ws` package's class, which implements the same surface.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (address: string) => WebSocketLike;

/** WebSocket.OPEN, spelled out because the constructor in use may not carry the static. */
export const SOCKET_OPEN = 1;
