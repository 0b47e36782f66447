import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import DKIM from 'nodemailer/lib/dkim/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../src/delivery/messenger.ts';
import { signDkim } from '../src/delivery/transports/dkim-signature.ts';
import { composeMime, messageIdOf } from '../src/delivery/transports/mime-message.ts';

const message: EmailMessage = {
  deliveryId: '9001',
  organizationId: 1,
  activityId: 2,
  subscriberId: 3,
  to: 'mei@example.test',
  from: { name: 'Teahouse Ōsaka', address: 'news@teahouse.example' },
  returnPath: 'bounce+9001@bounce.teahouse.example',
  subject: 'Spring for Mei 🌸 — the new harvest is here, with a subject long enough to fold',
  html: `<p>${'Spring has arrived at the tea house, and with it a new harvest. '.repeat(12)}</p><p>春の新茶 ✓</p>`,
  text: `${'Spring has arrived at the tea house. '.repeat(12)}\n春の新茶 ✓`,
  headers: { 'X-Herald-Delivery': '9001', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

/** The boundaries, Message-ID and Date differ by design; everything else must not. */
const normalized = (mime: Buffer) =>
  mime
    .toString()
    .replace(/--_NmP-[0-9a-f-]+-Part_/g, 'BOUNDARY-')
    .replace(/^Message-ID: .*$/m, '')
    .replace(/^Date: .*$/m, '');

describe('composing an e-mail', () => {
  it('lays out the MIME byte for byte as nodemailer’s composer streams it, non-ASCII and long lines too', async () => {
    const ours = await composeMime(message);
    const theirs = await new MailComposer({
      from: message.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
    })
      .compile()
      .build();
    expect(normalized(ours)).toBe(normalized(theirs));
    expect(ours.toString()).toContain(`Message-ID: ${messageIdOf(message)}`);
    expect(messageIdOf(message)).toMatch(/^<9001\.[0-9a-f]{16}@teahouse\.example>$/);
  });

  it('signs with DKIM to the byte as nodemailer’s signing stream does, and the signature verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      domainName: 'teahouse.example',
      keySelector: 'herald1',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const mime = await composeMime(message);
    const ours = signDkim(mime, key);
    const chunks: Buffer[] = [];
    for await (const chunk of new DKIM(key).sign(mime)) chunks.push(chunk as Buffer);
    expect(ours.toString()).toBe(Buffer.concat(chunks).toString());
    // A body without a final line break is hashed as nodemailer hashes it.
    const unterminated = Buffer.from('Subject: x\r\nFrom: a@teahouse.example\r\n\r\nno line break');
    const streamed: Buffer[] = [];
    for await (const chunk of new DKIM(key).sign(unterminated)) streamed.push(chunk as Buffer);
    expect(signDkim(unterminated, key).toString()).toBe(Buffer.concat(streamed).toString());

    const published = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const verified = await dkimVerify(ours, {
      resolver: async (name: string, type: string) => {
        if (type !== 'TXT' || name !== 'herald1._domainkey.teahouse.example')
          throw new Error(`no ${type} ${name}`);
        return [[`v=DKIM1; k=rsa; p=${published}`]];
      },
    });
    expect(verified.results.map((result) => result.status.result)).toEqual(['pass']);
  });
});
