import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../database/schema.ts';
import { nextAttemptAt, recordRefusal, takeRetry } from './mail-retries.ts';
import { markSent, recordInOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text. It may hold a one-time code, so it is never logged. */
  text: string;
  /** An HTML part beside the text (a proof of an e-mail); sent as multipart/alternative. */
  html?: string;
}

// A mail server that does not answer must not hold a sign-up for minutes (nodemailer waits 2 minutes by default).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Sends mail. Every message is first written to the outbox table; then, when HERALD_SMTP_URL is set, it goes
 * out through SMTP and the row records the outcome; a refused message is tried again a few times
 * (mail-retries.ts, as 'mailRetry' jobs). Without SMTP the log says a message is waiting in the outbox,
 * naming the recipient and subject only, never the text.
 */
export class Mailer {
  readonly #db: Kysely<Database>;
  readonly #log: FastifyBaseLogger;
  readonly #from: string;
  readonly #transport: Transporter | undefined;
  readonly #pending = new Set<Promise<void>>();

  constructor(db: Kysely<Database>, config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
    this.#from = config.mailFrom;
    this.#transport = config.smtpUrl
      ? createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS, logger: false })
      : undefined;
  }

  /**
   * Writes the message to the outbox and delivers it; answers its outbox id. A delivery failure is recorded and
   * logged, not thrown.
   */
  async send(message: MailMessage): Promise<number> {
    const createdAt = new Date();
    const outboxId = await recordInOutbox(this.#db, message, createdAt);
    if (!this.#transport) {
      this.#log.info(
        { outboxId, to: message.to, subject: message.subject },
        'mail waiting in the outbox (HERALD_SMTP_URL is not set)',
      );
      return outboxId;
    }
    await this.#deliver({ id: outboxId, ...message, attempts: 0, createdAt });
    return outboxId;
  }

  /**
   * Tries a refused message again (its 'mailRetry' job calls this when due); a new refusal queues the next
   * retry. Answers whether it was tried.
   */
  async retry(outboxId: number): Promise<{ tried: boolean }> {
    if (!this.#transport) return { tried: false };
    const message = await takeRetry(this.#db, outboxId);
    if (message) await this.#deliver(message);
    return { tried: message !== undefined };
  }

  async #deliver(
    message: MailMessage & { id: number; attempts: number; createdAt: Date },
    now = new Date(),
  ): Promise<void> {
    const logged = { outboxId: message.id, to: message.to, subject: message.subject };
    try {
      await this.#transport?.sendMail({
        from: this.#from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
      });
      await markSent(this.#db, message.id);
      this.#log.info(logged, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next = nextAttemptAt(message.attempts + 1, message.createdAt, now);
      await recordRefusal(this.#db, message.id, reason, next);
      this.#log.warn(
        { ...logged, reason, nextAttemptAt: next?.toISOString() ?? null },
        next
          ? 'mail could not be sent; it will be tried again'
          : 'mail could not be sent; it stays in the outbox',
      );
    }
  }

  /**
   * Runs `compose` and sends what it returns after the caller has answered, so a reply takes the same time
   * whether or not a message goes out (no account enumeration through timing). Failures are logged.
   */
  sendLater(compose: () => Promise<MailMessage | undefined>): void {
    const task = (async () => {
      const message = await compose();
      if (message) await this.send(message);
    })()
      .catch((error: unknown) => this.#log.error({ err: error }, 'mail could not be prepared'))
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /** Resolves once every message handed to sendLater so far has been written and tried. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}
