import { Readable } from 'node:stream';
import DKIM from 'nodemailer/lib/dkim/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { EmailMessage } from '../messenger.ts';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * The message as it will travel: MIME built by nodemailer's composer and DKIM-signed here (signing needs the
 * whole body, so it happens before any byte is sent).
 */
export async function composeSigned(message: EmailMessage): Promise<Buffer> {
  const built = await new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
  })
    .compile()
    .build();
  if (!message.dkim) return built;
  return collect(new DKIM(message.dkim).sign(built));
}

/**
 * The message as a stream that gives every byte at once but ends only when `release` settles. nodemailer
 * writes SMTP's terminating dot when its source ends, and a relay accepts a message only on that dot; so the
 * relay holds the whole message, unaccepted, while the engine commits the delivery as sent. Once the dot is
 * written it sits in the kernel's send buffer and reaches the relay even if this process dies the next instant.
 * If `release` rejects, the stream fails, nodemailer drops the connection before the dot, and the relay
 * accepts nothing.
 */
export function heldBackStream(message: Buffer, release: () => Promise<void>): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(message);
      release().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}
