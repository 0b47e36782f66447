import type { Channel } from '@herald/protocol';

/**
 * The seam between the delivery engine (docs/architecture.md § The delivery engine) and each channel's provider:
 * one Messenger per channel, each the provider's real client (nodemailer for e-mail, the Twilio-, WhatsApp
 * Cloud-, LINE-, FCM- and Web Push-compatible HTTP APIs for the others), reached through the base URL of the
 * organization's credential so a self-hosted gateway or a test's loopback peer can stand in.
 *
 * A Messenger only transports: the engine has rendered the message, chosen the recipient's address and keeps
 * the delivery row. It answers the provider's id for the message, or throws a SendError saying whether trying
 * again may help.
 */
export interface Messenger<Message extends OutgoingMessage = OutgoingMessage> {
  readonly channel: Channel;
  /**
   * Sends one message. `accepting`, when given, is called once the provider holds the whole message but before
   * it accepts it (SMTP: before the terminating dot), so the engine can commit the delivery as sent in that
   * instant; if it rejects, the provider accepts nothing. Transports that cannot hold a message back (HTTP APIs)
   * ignore it: the engine commits just before calling them (send-batch.ts), and the provider's own idempotency
   * key (LINE's retry key) covers a retry.
   */
  send(message: Message, signal: AbortSignal, accepting?: () => Promise<void>): Promise<SendReceipt>;
  /** Closes pooled connections; the engine calls it when a run ends or the server stops. */
  close(): Promise<void>;
}

/** What every message carries, whatever the channel. */
export interface OutgoingMessage {
  /** The delivery row's id: every provider gets it back (a header, a tag, a callback field) for receipts. */
  deliveryId: string;
  organizationId: number;
  activityId: number;
  subscriberId: number;
}

export interface EmailMessage extends OutgoingMessage {
  to: string;
  from: { name?: string; address: string };
  /** The envelope sender (return path) that bounces come back to. */
  returnPath: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export interface SmsMessage extends OutgoingMessage {
  /** E.164. */
  to: string;
  from: string;
  text: string;
}

export interface WhatsAppMessage extends OutgoingMessage {
  to: string;
  /** An approved template and its parameters (WhatsApp allows only templates outside a conversation window). */
  template: { name: string; language: string; parameters: string[] };
}

export interface LineMessage extends OutgoingMessage {
  /** The LINE user id of the subscriber. */
  to: string;
  messages: Array<
    { type: 'text'; text: string } | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
  >;
}

export interface PushMessage extends OutgoingMessage {
  /** An FCM registration token, or a Web Push subscription (endpoint and keys) as JSON. */
  to:
    | { kind: 'fcm'; token: string }
    | { kind: 'webpush'; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } };
  title: string;
  body: string;
  url?: string;
  image?: string;
}

/**
 * An on-site message (docs/architecture.md § The web channel): the rendered HTML, its links already
 * click-tracked, with no open pixel.
 */
export interface WebMessage extends OutgoingMessage {
  html: string;
}

export interface SendReceipt {
  /** The provider's id for the message (SMTP queue id, Twilio SID, WhatsApp message id…), when it gives one. */
  providerMessageId?: string;
}

/**
 * A send that failed. `permanent`: trying again cannot help (an address the provider refuses, a bad
 * credential); otherwise the engine retries later with backoff. `code` is the provider's own (an SMTP reply
 * code, an HTTP status and error code) for the sending-errors page.
 */
export class SendError extends Error {
  readonly permanent: boolean;
  readonly code: string | undefined;
  constructor(message: string, options: { permanent: boolean; code?: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'SendError';
    this.permanent = options.permanent;
    this.code = options.code;
  }
}
