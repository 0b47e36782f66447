import { addressNetwork } from '../sessions/sign-in-throttle.ts';

/** Where a refusal is reported: once each time an address reaches its limit, not once per refused socket. */
type ReportLimitReached = (network: string, limit: number) => void;

/**
 * The WebSockets each client address holds open in this process, and the most it may hold. An attack opened
 * 1,000 sockets from one address and slowed everyone else's connection
 * (docs/decisions/0010-sockets-per-address.md); an office behind one NAT address keeps a few per browser tab (a
 * session channel and one organization channel per organization), so the limit is generous, and it is per network
 * as sign-in throttling counts (IPv6 by /64). Loopback counts like any address: behind a same-host proxy
 * HERALD_TRUSTED_PROXIES makes each client count apart.
 */
export class AddressSockets {
  readonly #limit: number;
  readonly #reportLimitReached: ReportLimitReached;
  readonly #open = new Map<string, { sockets: number; reported: boolean }>();

  constructor(limit: number, reportLimitReached: ReportLimitReached) {
    this.#limit = limit;
    this.#reportLimitReached = reportLimitReached;
  }

  /**
   * Takes a place for one socket of `remoteAddress`: answers the function that gives it back, or undefined when
   * the address holds its limit already. Taken as the handshake arrives, not once it completes, so a burst of
   * handshakes cannot all pass before any of them counts.
   */
  take(remoteAddress: string): (() => void) | undefined {
    const network = addressNetwork(remoteAddress);
    const entry = this.#open.get(network) ?? { sockets: 0, reported: false };
    if (entry.sockets >= this.#limit) {
      if (!entry.reported) this.#reportLimitReached(network, this.#limit);
      entry.reported = true;
      return undefined;
    }
    entry.sockets += 1;
    this.#open.set(network, entry);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      entry.sockets -= 1;
      entry.reported = false;
      if (entry.sockets === 0) this.#open.delete(network);
    };
  }

  /** Sockets open from the network of `remoteAddress`. */
  openFrom(remoteAddress: string): number {
    return this.#open.get(addressNetwork(remoteAddress))?.sockets ?? 0;
  }
}
