import type { ColumnType, Generated } from 'kysely';

export interface MailTables {
  outbox: OutboxTable;
}

/**
 * Every message Herald sends, written before delivery is tried, so the demo works without a mail server and
 * an administrator can see what went out (and read a code that could not be delivered).
 */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  /** The HTML part, when the message has one (a proof of an e-mail); null for plain-text messages. */
  html: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** When the SMTP server accepted it; null while waiting (no SMTP configured) or after a failure. */
  sent_at: Date | null;
  /** Why delivery failed, as the SMTP client reported it; never holds the message itself. */
  error: string | null;
  /** Delivery attempts made so far. */
  attempts: Generated<number>;
  /** When a refused message is next tried (mail/mail-retries.ts); null once sent or given up. */
  next_attempt_at: Date | null;
}
