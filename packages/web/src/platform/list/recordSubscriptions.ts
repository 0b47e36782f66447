import type { ResourceType } from '../resources/resources.ts';
import type { RecordChannel, RecordsPush } from './recordCommands.ts';
import { recordsPushOf } from './recordCommands.ts';

type PushListener = (push: RecordsPush) => void;

/**
 * The live subscriptions of one organization channel: each record type is subscribed once (addSubscription),
 * however many screens want it, and again after every reconnection, since the server keeps subscriptions per
 * connection. `records` pushes go to the listeners of their type.
 */
export class RecordSubscriptions {
  private readonly listeners = new Map<ResourceType, Set<PushListener>>();
  /** Types subscribed on the current connection (a new connection starts with none). */
  private readonly subscribed = new Set<ResourceType>();
  private readonly stopPushes: () => void;
  private readonly stopState: () => void;
  private authenticated: boolean;
  private connections: number;

  constructor(
    private readonly channel: RecordChannel,
    private readonly organizationId: number,
    private readonly onResubscribed: (type: ResourceType) => void = () => undefined,
  ) {
    this.authenticated = channel.getState().status === 'authenticated';
    this.connections = this.authenticated ? 1 : 0;
    this.stopPushes = channel.onPush((frame) => {
      const push = recordsPushOf(frame);
      if (!push || push.organizationId !== organizationId) return;
      // A push names its type as a string; a type nobody listens to finds nothing.
      (this.listeners as ReadonlyMap<string, Set<PushListener>>)
        .get(push.type)
        ?.forEach((listener) => listener(push));
    });
    this.stopState = channel.onStateChange(() => this.stateChanged());
  }

  /** Listens to changes of `type`; the channel subscribes to it once it is authenticated. */
  listen(type: ResourceType, listener: PushListener): () => void {
    let forType = this.listeners.get(type);
    if (!forType) {
      forType = new Set();
      this.listeners.set(type, forType);
    }
    forType.add(listener);
    if (this.authenticated) this.subscribe(type);
    return () => {
      forType.delete(listener);
    };
  }

  close(): void {
    this.stopPushes();
    this.stopState();
    this.listeners.clear();
  }

  private stateChanged(): void {
    const authenticated = this.channel.getState().status === 'authenticated';
    if (authenticated === this.authenticated) return;
    this.authenticated = authenticated;
    if (!authenticated) {
      this.subscribed.clear();
      return;
    }
    this.connections += 1;
    for (const type of this.listeners.keys()) {
      this.subscribe(type);
      // Changes made while the connection was down were not pushed: read the type again.
      if (this.connections > 1) this.onResubscribed(type);
    }
  }

  private subscribe(type: ResourceType): void {
    if (this.subscribed.has(type)) return;
    this.subscribed.add(type);
    this.channel
      .request('addSubscription', { organizationId: this.organizationId, query: { type } })
      .catch((error: unknown) => {
        // Asked again on the next connection; a refusal leaves the screen without live updates, not broken,
        // which nobody would notice: development builds say so.
        this.subscribed.delete(type);
        if (import.meta.env.DEV) console.error(`addSubscription for ${type} was refused`, error);
      });
  }
}

const registries = new WeakMap<object, RecordSubscriptions>();

/** The one registry of a channel, made on first use. */
export function subscriptionsFor(
  channel: RecordChannel,
  organizationId: number,
  onResubscribed?: (type: ResourceType) => void,
): RecordSubscriptions {
  let registry = registries.get(channel);
  if (!registry) {
    registry = new RecordSubscriptions(channel, organizationId, onResubscribed);
    registries.set(channel, registry);
  }
  return registry;
}
