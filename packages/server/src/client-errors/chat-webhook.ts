import { ERROR_CHAT_INTERVAL_MS } from '@herald/protocol';
import type { FastifyBaseLogger } from 'fastify';

/** At most this many different errors are written out in one post; the rest are only counted. */
const MOST_ERRORS_PER_POST = 5;

/**
 * Posts client errors to a Slack-compatible team chat webhook (`{"text": …}`), at most one post per interval
 * (platform §9: one per 10 s), so a page stuck in an error loop cannot flood the room. The first error after a
 * quiet interval goes at once; what arrives inside the interval is gathered, repeats of the same text counted,
 * and sent as the next post when the interval ends.
 */
export class ChatWebhook {
  readonly #url: string;
  readonly #intervalMs: number;
  readonly #log: FastifyBaseLogger;
  /** Texts waiting for the next post, with how many times each arrived. */
  readonly #pending = new Map<string, number>();
  #windowEndsAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #sending: Promise<void> = Promise.resolve();

  constructor(url: string, log: FastifyBaseLogger, intervalMs = ERROR_CHAT_INTERVAL_MS) {
    this.#url = url;
    this.#log = log;
    this.#intervalMs = intervalMs;
  }

  report(text: string): void {
    this.#pending.set(text, (this.#pending.get(text) ?? 0) + 1);
    if (Date.now() >= this.#windowEndsAt) this.#postPending();
  }

  /** Sends what is waiting now (at shutdown), whatever the interval. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.size > 0) this.#postPending();
    await this.#sending;
  }

  #postPending(): void {
    const text = chatText(this.#pending, this.#intervalMs);
    this.#pending.clear();
    this.#windowEndsAt = Date.now() + this.#intervalMs;
    clearTimeout(this.#timer);
    // When the interval ends, whatever arrived meanwhile is the next post; an empty interval posts nothing.
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#pending.size > 0) this.#postPending();
    }, this.#intervalMs);
    this.#timer.unref();
    this.#sending = this.#sending.then(() => this.#post(text));
  }

  async #post(text: string): Promise<void> {
    try {
      const response = await fetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) this.#log.warn({ status: response.status }, 'chat webhook refused a client error');
    } catch (error) {
      this.#log.warn({ err: error }, 'chat webhook unreachable for a client error');
    }
  }
}

/** One post: each different error once, with how many times it arrived since the last post. */
export function chatText(errors: ReadonlyMap<string, number>, intervalMs: number): string {
  const entries = [...errors];
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const shown = entries.slice(0, MOST_ERRORS_PER_POST).map(([text, count]) => {
    const repeats = count > 1 ? `\n(${count} times since the last post)` : '';
    return `${text}${repeats}`;
  });
  const hidden = entries.length - shown.length;
  const more = hidden > 0 ? `\n…and ${hidden} other errors` : '';
  const heading =
    total > 1
      ? `Herald: ${total} client errors in the last ${Math.round(intervalMs / 1000)} s`
      : 'Herald: a client error';
  return `${heading}\n\n${shown.join('\n\n')}${more}`;
}
