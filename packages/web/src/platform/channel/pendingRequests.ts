import type { ChannelError } from './channelError.ts';

interface PendingRequest {
  frame: string;
  sent: boolean;
  resolve: (result: unknown) => void;
  reject: (error: ChannelError) => void;
}

/**
 * Requests waiting for their reply, keyed by requestId because replies may come back in any order. A request
 * is either still queued (waiting for the channel to be ready) or sent (waiting for its reply).
 */
export class PendingRequests {
  private readonly byId = new Map<string, PendingRequest>();

  add(requestId: string, request: PendingRequest): void {
    this.byId.set(requestId, request);
  }

  /** Frames not yet sent, oldest first, marked as sent by calling this. */
  takeQueued(): string[] {
    const frames: string[] = [];
    for (const request of this.byId.values()) {
      if (request.sent) continue;
      request.sent = true;
      frames.push(request.frame);
    }
    return frames;
  }

  settle(requestId: string, outcome: { result: unknown } | { error: ChannelError }): boolean {
    const request = this.byId.get(requestId);
    if (!request) return false;
    this.byId.delete(requestId);
    if ('error' in outcome) request.reject(outcome.error);
    else request.resolve(outcome.result);
    return true;
  }

  /** Fails the requests already on the wire: their replies died with the socket, and resending could repeat a write. */
  rejectSent(error: ChannelError): void {
    this.rejectWhere((request) => request.sent, error);
  }

  rejectAll(error: ChannelError): void {
    this.rejectWhere(() => true, error);
  }

  private rejectWhere(matches: (request: PendingRequest) => boolean, error: ChannelError): void {
    for (const [requestId, request] of [...this.byId]) {
      if (!matches(request)) continue;
      this.byId.delete(requestId);
      request.reject(error);
    }
  }
}
