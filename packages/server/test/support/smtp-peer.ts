import { SMTPServer } from 'smtp-server';

export interface SmtpLogin {
  user: string;
  password: string;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The body as it arrived: Herald's messages are short-lined ASCII, so it travels as 7-bit text. */
  body: string;
  raw: string;
}

/**
 * A real SMTP server (the smtp-server package) on a free loopback port that keeps every message it is
 * given, so tests read what Herald mailed as a person's mail client would receive it.
 */
export class SmtpPeer {
  readonly messages: ReceivedMail[] = [];
  readonly #server: SMTPServer;
  readonly #listeners = new Set<() => void>();
  #port = 0;
  /** Bytes of message data received so far, accepted or not (a message is accepted only on its final dot). */
  bytesReceived = 0;
  /** When set, every message is refused with this SMTP reply, as a broken relay would. */
  refuseWith: string | undefined;
  /** When set, each message is answered this long after its final dot, as a slow relay would. */
  answerAfterMs = 0;

  private constructor(login?: SmtpLogin) {
    this.#server = new SMTPServer({
      // Loopback without TLS, and without login unless one is asked for (a relay that checks its users).
      disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !login,
      allowInsecureAuth: Boolean(login),
      onAuth: (auth, _session, callback) => {
        if (login && auth.username === login.user && auth.password === login.password)
          callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          this.bytesReceived += chunk.length;
        });
        stream.on('end', () => {
          if (this.refuseWith) {
            callback(Object.assign(new Error(this.refuseWith), { responseCode: 550 }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const accept = () => {
            this.#receive({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw,
              ...splitMessage(raw),
            });
            callback();
          };
          if (this.answerAfterMs > 0) setTimeout(accept, this.answerAfterMs);
          else accept();
        });
      },
    });
  }

  /** `login`: the peer asks for this account name and password (AUTH PLAIN or LOGIN) and refuses others. */
  static async start(options: { login?: SmtpLogin } = {}): Promise<SmtpPeer> {
    const peer = new SmtpPeer(options.login);
    await new Promise<void>((resolve, reject) => {
      peer.#server.server.once('error', reject);
      peer.#server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = peer.#server.server.address();
    peer.#port = typeof address === 'object' && address ? address.port : 0;
    return peer;
  }

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  messagesTo(address: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.includes(address));
  }

  /** The next message to `address` beyond the `already` seen, or a rejection after `timeoutMs`. */
  waitForMessageTo(address: string, options: { already?: number; timeoutMs?: number } = {}) {
    const already = options.already ?? 0;
    return new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const message = this.messagesTo(address)[already];
        if (!message) return;
        clearTimeout(timer);
        this.#listeners.delete(check);
        resolve(message);
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(check);
        reject(new Error(`no message to ${address} within ${options.timeoutMs ?? 5_000} ms`));
      }, options.timeoutMs ?? 5_000);
      this.#listeners.add(check);
      check();
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  #receive(message: ReceivedMail): void {
    this.messages.push(message);
    for (const listener of [...this.#listeners]) listener();
  }
}

/** The Subject header and the body; enough for Herald's single-part ASCII messages, not a MIME parser. */
function splitMessage(raw: string): { subject: string; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  return { subject, body: body.replace(/\r\n/g, '\n') };
}

/** The one-time code in a sign-up or password-reset message: the digits on a line of their own. */
export function oneTimeCodeIn(message: ReceivedMail): string {
  const code = /^\s*(\d{6,8})\s*$/m.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the message "${message.subject}"`);
  return code;
}
