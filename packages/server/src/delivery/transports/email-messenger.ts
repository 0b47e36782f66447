import { SendError, type EmailMessage, type Messenger, type SendReceipt } from '../messenger.ts';
import { composeSigned, heldBackStream } from './held-back-message.ts';
import { messageIdOf } from './mime-message.ts';
import { optionsOfUrl, SmtpPool, type SmtpPoolOptions } from './smtp-pool.ts';

/** Where an organization's mail leaves: its SMTP credential, else the server's HERALD_SMTP_URL. */
export type SmtpRelay =
  | { kind: 'credential'; host: string; port: number; user: string; password: string }
  | { kind: 'url'; url: string };

/** Connections kept open to the relay, and messages each carries before reconnecting. */
const POOL = { maxConnections: 5, maxMessages: 500 } as const;
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** How many connections the pool keeps open and how many messages each carries before reconnecting. */
export interface PoolSize {
  maxConnections: number;
  maxMessages: number;
}

function poolOptions(relay: SmtpRelay, pool: PoolSize): SmtpPoolOptions {
  const common = { ...pool, ...TIMEOUTS, logger: false };
  if (relay.kind === 'url') return { ...common, ...optionsOfUrl(relay.url) };
  return {
    ...common,
    host: relay.host,
    port: relay.port,
    // Port 465 speaks TLS from the start; the others upgrade with STARTTLS when the relay offers it.
    secure: relay.port === 465,
    auth: relay.user ? { user: relay.user, pass: relay.password } : undefined,
  };
}

/** An SMTP reply code of the error nodemailer threw, when the relay gave one. */
function replyCodeOf(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * E-mail over a pool of SMTP connections (smtp-pool.ts, nodemailer's SMTP client), each message DKIM-signed
 * with the sending domain's key when it has one, sent with its return path as the envelope sender (bounces come
 * back there) and the headers the engine gives (List-Unsubscribe, List-Unsubscribe-Post, X-Herald-Delivery).
 * The message is composed and signed first, then streamed with its end held back until `accepting` settles
 * (held-back-message.ts). A 5xx reply is permanent; a 4xx reply, a timeout or a dropped connection may pass on
 * a later try.
 */
export class EmailMessenger implements Messenger<EmailMessage> {
  readonly channel = 'email' as const;
  readonly #pool: SmtpPool;

  constructor(relay: SmtpRelay, pool: PoolSize = POOL) {
    this.#pool = new SmtpPool(poolOptions(relay, pool));
  }

  async send(
    message: EmailMessage,
    signal: AbortSignal,
    accepting: () => Promise<void> = async () => {},
  ): Promise<SendReceipt> {
    signal.throwIfAborted();
    const composed = await composeSigned(message);
    try {
      await this.#pool.send({ from: message.returnPath, to: [message.to] }, () =>
        heldBackStream(composed, accepting),
      );
      return { providerMessageId: messageIdOf(message) };
    } catch (error) {
      const code = replyCodeOf(error);
      const permanent = code !== undefined && code >= 500;
      throw new SendError(error instanceof Error ? error.message : String(error), {
        permanent,
        code: code === undefined ? undefined : String(code),
        cause: error,
      });
    }
  }

  async close(): Promise<void> {
    this.#pool.close();
  }
}
