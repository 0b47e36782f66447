import { Readable } from 'node:stream';
import type { EmailMessage } from '../messenger.ts';
import { signDkim } from './dkim-signature.ts';
import { composeMime } from './mime-message.ts';

/**
 * The message as it will travel: MIME as nodemailer's composer lays it out (mime-message.ts) and DKIM-signed
 * by nodemailer's signer (dkim-signature.ts; signing needs the whole body, so it happens before any byte is sent).
 */
export async function composeSigned(message: EmailMessage): Promise<Buffer> {
  const built = await composeMime(message);
  if (!message.dkim) return built;
  return signDkim(built, message.dkim);
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
