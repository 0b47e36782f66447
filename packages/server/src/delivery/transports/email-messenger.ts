import { createTransport, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { SendError, type EmailMessage, type Messenger, type SendReceipt } from '../messenger.ts';
import { composeSigned, heldBackStream } from './held-back-message.ts';

/** Where an organization's mail leaves: its SMTP credential, else the server's HERALD_SMTP_URL. */
export type SmtpRelay =
  | { kind: 'credential'; host: string; port: number; user: string; password: string }
  | { kind: 'url'; url: string };

/** Connections kept open to the relay, and messages each carries before reconnecting. */
const POOL = { maxConnections: 5, maxMessages: 500 } as const;
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

function poolOptions(relay: SmtpRelay): SMTPPool.Options {
  const common = { pool: true as const, ...POOL, ...TIMEOUTS, logger: false };
  if (relay.kind === 'url') return { ...common, url: relay.url } as SMTPPool.Options;
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
 * E-mail over a pool of SMTP connections (nodemailer), each message DKIM-signed with the sending domain's key
 * when it has one, sent with its return path as the envelope sender (bounces come back there) and the headers
 * the engine gives (List-Unsubscribe, List-Unsubscribe-Post, X-Herald-Delivery). The message is composed and
 * signed first, then streamed with its end held back until `accepting` settles (held-back-message.ts). A 5xx
 * reply is permanent; a 4xx reply, a timeout or a dropped connection may pass on a later try.
 */
export class EmailMessenger implements Messenger<EmailMessage> {
  readonly channel = 'email' as const;
  readonly #transport: Transporter<SMTPPool.SentMessageInfo>;

  constructor(relay: SmtpRelay) {
    this.#transport = createTransport(poolOptions(relay));
  }

  async send(
    message: EmailMessage,
    signal: AbortSignal,
    accepting: () => Promise<void> = async () => {},
  ): Promise<SendReceipt> {
    signal.throwIfAborted();
    const composed = await composeSigned(message);
    try {
      const info = await this.#transport.sendMail({
        envelope: { from: message.returnPath, to: message.to },
        raw: heldBackStream(composed, accepting),
      });
      return { providerMessageId: info.messageId };
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
    this.#transport.close();
  }
}
