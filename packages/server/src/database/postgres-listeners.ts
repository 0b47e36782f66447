import pg from 'pg';

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to other queries).
 * One client carries every channel of this process; if it drops, it reconnects and listens again.
 */
export class PostgresListeners {
  readonly #connectionString: string;
  readonly #handlers = new Map<string, Set<(payload: string) => void>>();
  #client: Promise<pg.Client> | undefined;
  #closed = false;

  constructor(connectionString: string) {
    this.#connectionString = connectionString;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const client = await this.#connect();
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = await this.#client?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  #connect(): Promise<pg.Client> {
    this.#client ??= this.#open();
    return this.#client;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#connectionString });
    client.on('notification', (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => this.#reconnectSoon());
    client.on('end', () => this.#reconnectSoon());
    await client.connect();
    for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  }

  #reconnectSoon(): void {
    if (this.#closed) return;
    this.#client = undefined;
    setTimeout(() => {
      if (!this.#closed) void this.#connect().catch(() => this.#reconnectSoon());
    }, 500);
  }
}
