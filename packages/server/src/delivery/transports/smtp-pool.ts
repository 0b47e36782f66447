import type { Readable } from 'node:stream';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';

/** Where the pool connects: nodemailer's SMTP connection options, with the login when the relay needs one. */
export interface SmtpPoolOptions extends SMTPConnection.Options {
  auth?: { user: string; pass: string } | undefined;
  /** Connections open at once. */
  maxConnections: number;
  /** Messages a connection carries before it is closed and another opened. */
  maxMessages: number;
}

/** nodemailer's options for an `smtp://` or `smtps://` URL (host, port, login, TLS and query settings). */
export function optionsOfUrl(
  url: string,
): SMTPConnection.Options & { auth?: { user: string; pass: string } } {
  return parseConnectionUrl(url) as SMTPConnection.Options & { auth?: { user: string; pass: string } };
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
}

/** A failure of the connection rather than of the message: another connection may do better. */
function isTransient(error: SmtpError): boolean {
  return (
    error.responseCode === 421 || ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT'].includes(String(error.code ?? ''))
  );
}

/** One connection of the pool, greeted (and logged in) once, then carrying one message at a time. */
class PooledConnection {
  readonly #connection: SMTPConnection;
  messages = 0;
  broken = false;

  constructor(options: SMTPConnection.Options) {
    this.#connection = new SMTPConnection(options);
    // A send's own callback reports what went wrong with it; these only mark the connection unusable.
    this.#connection.on('error', () => (this.broken = true));
    this.#connection.once('end', () => (this.broken = true));
  }

  open(auth: SmtpPoolOptions['auth']): Promise<void> {
    const connection = this.#connection;
    return new Promise((resolve, reject) => {
      // A connection that fails before its greeting says so by an event, not by connect's callback.
      const fail = (error: Error) => {
        settle();
        reject(error);
      };
      const ended = () =>
        fail(Object.assign(new Error('The relay closed the connection'), { code: 'ECONNECTION' }));
      const settle = () => {
        connection.off('error', fail);
        connection.off('end', ended);
      };
      connection.once('error', fail);
      connection.once('end', ended);
      connection.connect((error) => {
        if (error) return fail(error);
        if (!auth || !connection.allowsAuth) {
          settle();
          return resolve();
        }
        connection.login(auth, (loginError) => (loginError ? fail(loginError) : (settle(), resolve())));
      });
    });
  }

  send(envelope: SMTPConnection.Envelope, message: Readable): Promise<SMTPConnection.SentMessageInfo> {
    return new Promise((resolve, reject) => {
      this.#connection.send(envelope, message, (error, info) => {
        this.messages += 1;
        if (error) reject(error);
        else resolve(info);
      });
    });
  }

  /** After a refused message the session is reset and the connection kept; answers whether it still works. */
  reset(): Promise<boolean> {
    return new Promise((resolve) => this.#connection.reset((error) => resolve(!error)));
  }

  /** Says QUIT to a connection in good order, and drops a broken one. */
  close(): void {
    const broken = this.broken;
    this.broken = true;
    if (broken) this.#connection.close();
    else this.#connection.quit();
  }
}

/**
 * A pool of SMTP connections (nodemailer's SMTPConnection) that sends messages already composed, as a stream
 * whose end the caller controls (held-back-message.ts). nodemailer's own pool takes a mail to compose, so a
 * composed message went through its composer a second time; this one writes the bytes it is given. Like
 * nodemailer's pool, it keeps a connection after a refused message (after RSET), drops it after a connection
 * failure, and sends again on a fresh connection when a connection that sat idle turns out to have been closed
 * by the relay before a byte of the message went.
 */
export class SmtpPool {
  readonly #options: SmtpPoolOptions;
  readonly #idle: PooledConnection[] = [];
  readonly #waiting: Array<(connection: PooledConnection | undefined) => void> = [];
  #open = 0;
  #closed = false;

  constructor(options: SmtpPoolOptions) {
    this.#options = options;
  }

  /** Sends `message()` (called once per try) from `envelope.from` to `envelope.to`. */
  async send(
    envelope: SMTPConnection.Envelope,
    message: () => Readable,
  ): Promise<SMTPConnection.SentMessageInfo> {
    for (let attempt = 0; ; attempt++) {
      const connection = await this.#take();
      const reused = connection.messages > 0;
      const stream = message();
      try {
        const info = await connection.send(envelope, stream);
        this.#give(connection);
        return info;
      } catch (error) {
        const failure = error as SmtpError;
        const refused =
          (failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE') &&
          failure.responseCode !== 421 &&
          !connection.broken;
        if (refused && (await connection.reset())) this.#give(connection);
        else this.#drop(connection);
        if (reused && attempt === 0 && !stream.readableDidRead && isTransient(failure)) continue;
        throw error;
      }
    }
  }

  async #take(): Promise<PooledConnection> {
    if (this.#closed) throw new Error('The SMTP pool is closed');
    for (let idle = this.#idle.pop(); idle; idle = this.#idle.pop()) {
      // The relay may have closed a connection while it sat idle.
      if (!idle.broken) return idle;
      this.#drop(idle);
    }
    if (this.#open >= this.#options.maxConnections) {
      const handed = await new Promise<PooledConnection | undefined>((resolve) =>
        this.#waiting.push(resolve),
      );
      if (handed) return handed;
      // A connection was dropped: its place is this sender's to open.
      return this.#take();
    }
    this.#open += 1;
    const { auth, maxConnections: _connections, maxMessages: _messages, ...options } = this.#options;
    const connection = new PooledConnection(options);
    try {
      await connection.open(auth);
      return connection;
    } catch (error) {
      this.#drop(connection);
      throw error;
    }
  }

  #give(connection: PooledConnection): void {
    if (this.#closed || connection.broken || connection.messages >= this.#options.maxMessages) {
      this.#drop(connection);
      return;
    }
    const waiter = this.#waiting.shift();
    if (waiter) waiter(connection);
    else this.#idle.push(connection);
  }

  #drop(connection: PooledConnection): void {
    connection.close();
    this.#open -= 1;
    this.#waiting.shift()?.(undefined);
  }

  close(): void {
    this.#closed = true;
    for (const connection of this.#idle.splice(0)) connection.close();
    for (const waiter of this.#waiting.splice(0)) waiter(undefined);
  }
}
