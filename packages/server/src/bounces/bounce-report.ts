import { createHash } from 'node:crypto';
import type { Attachment, HeaderValue, MailParserOptions } from 'mailparser';
import { lazyModule } from '../lazy-module.ts';
import { deliveryIdOfReturnPath } from './return-path.ts';
import type { DeliveryOutcome } from './delivery-outcome.ts';

/** mailparser, loaded when the first report arrives (lazy-module.ts). */
const mailparser = lazyModule(() => import('mailparser'));

/** The header every message Herald sends carries (PROTOCOL §9), naming its delivery row. */
export const DELIVERY_HEADER = 'x-herald-delivery';

/** One recipient block of a DSN's message/delivery-status part (RFC 3464 §2.3). */
export interface RecipientStatus {
  finalRecipient: string;
  originalRecipient: string;
  action: string;
  status: string;
  diagnostic: string;
}

/** What a DSN or complaint report says, read from its parts; undefined for any other message. */
export interface BounceReport {
  /** The report's Message-ID, or a digest of it when it has none, so a resent copy is the same report. */
  reportId: string;
  /** From the returned message's X-Herald-Delivery header, when the report quotes it. */
  deliveryId: number | undefined;
  /** The addresses the original message went to, as the report names them. */
  recipients: string[];
  outcome: Extract<DeliveryOutcome, { kind: 'bounce' | 'complaint' }> | undefined;
}

const DELIVERY_ID = /^\s*<?(\d{1,18})>?\s*$/;

/**
 * The report's parts kept as parts: the delivery-status as an attachment rather than text, and a returned
 * message/rfc822 whole (mailsplit's `ignoreEmbedded`, which mailparser hands on to it but does not declare),
 * since feedback loops send it inline and mailparser would otherwise melt its headers into the text.
 */
const REPORT_PARSING: MailParserOptions & { ignoreEmbedded: boolean } = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  ignoreEmbedded: true,
};

/**
 * Reads a message that came to the return path with mailparser: an RFC 3464 delivery report
 * (multipart/report; report-type=delivery-status) or an RFC 5965 complaint (report-type=feedback-report).
 * A DSN whose recipients were all delivered, relayed or expanded has no outcome; so has an auto-reply.
 */
export async function readBounceReport(raw: Buffer): Promise<BounceReport | undefined> {
  const { simpleParser } = await mailparser();
  const parsed = await simpleParser(raw, REPORT_PARSING);
  const contentType = parsed.headers.get('content-type');
  const reportType = structuredHeader(contentType)?.params['report-type']?.toLowerCase();
  if (structuredHeader(contentType)?.value.toLowerCase() !== 'multipart/report') return undefined;
  if (reportType !== 'delivery-status' && reportType !== 'feedback-report') return undefined;

  const reportId = parsed.messageId?.trim() || createHash('sha256').update(raw).digest('hex');
  const returned = await returnedMessageHeaders(parsed.attachments);
  const deliveryId = deliveryIdOf(returned?.get(DELIVERY_HEADER));

  if (reportType === 'feedback-report') {
    const feedback = parsed.attachments.find((part) => part.contentType === 'message/feedback-report');
    const fields = feedback ? await headerFields(feedback.content) : new Map<string, HeaderValue>();
    const recipients = [fields.get('original-rcpt-to'), returned?.get('to')]
      .map(addressText)
      .filter((address): address is string => Boolean(address));
    // A feedback loop reports to the address it was registered with; the original envelope sender is VERP.
    const originalMailFrom = addressText(fields.get('original-mail-from'));
    return {
      reportId,
      deliveryId: deliveryId ?? (originalMailFrom ? deliveryIdOfReturnPath(originalMailFrom) : undefined),
      recipients,
      outcome: { kind: 'complaint', feedbackType: text(fields.get('feedback-type')) || 'abuse' },
    };
  }

  const statusPart = parsed.attachments.find((part) => part.contentType === 'message/delivery-status');
  const blocks = statusPart ? await recipientStatuses(statusPart.content) : [];
  const failed =
    blocks.find((block) => block.action === 'failed') ?? blocks.find((b) => b.action === 'delayed');
  return {
    reportId,
    deliveryId,
    recipients: blocks.flatMap((block) => [block.finalRecipient, block.originalRecipient]).filter(Boolean),
    outcome: failed ? bounceOf(failed) : undefined,
  };
}

/**
 * RFC 3463: class 5 is permanent (hard), class 4 transient (soft). A failed action without a usable status is
 * hard, as the reporting MTA has given up; a delayed one is soft whatever it says.
 */
function bounceOf(block: RecipientStatus): Extract<DeliveryOutcome, { kind: 'bounce' }> {
  const statusClass = /^([245])\.\d{1,3}\.\d{1,3}/.exec(block.status)?.[1];
  const type = block.action === 'delayed' || statusClass === '4' ? 'soft' : 'hard';
  return { kind: 'bounce', type, status: block.status, diagnostic: block.diagnostic };
}

/** The per-recipient blocks of a message/delivery-status body, each read as a header block by mailparser. */
async function recipientStatuses(body: Buffer): Promise<RecipientStatus[]> {
  // RFC 3464 §2.1: a per-message block, then one per recipient, separated by blank lines.
  const blocks = body
    .toString('utf8')
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .slice(1);
  const statuses: RecipientStatus[] = [];
  for (const block of blocks) {
    const fields = await headerFields(Buffer.from(block));
    const action = text(fields.get('action')).toLowerCase();
    if (!action) continue;
    statuses.push({
      finalRecipient: addressText(fields.get('final-recipient')) ?? '',
      originalRecipient: addressText(fields.get('original-recipient')) ?? '',
      action,
      status: text(fields.get('status')).split(/\s/)[0] ?? '',
      diagnostic: text(fields.get('diagnostic-code'))
        .replace(/^\s*smtp\s*;\s*/i, '')
        .slice(0, 1000),
    });
  }
  return statuses;
}

/** The headers of the returned message: a text/rfc822-headers part, or a whole message/rfc822. */
async function returnedMessageHeaders(
  attachments: readonly Attachment[],
): Promise<Map<string, HeaderValue> | undefined> {
  const returned = attachments.find(
    (part) => part.contentType === 'text/rfc822-headers' || part.contentType === 'message/rfc822',
  );
  return returned ? headerFields(returned.content) : undefined;
}

/** Header fields as mailparser reads them (unfolded, names in lower case). */
async function headerFields(block: Buffer): Promise<Map<string, HeaderValue>> {
  // A header-only block (text/rfc822-headers, a DSN block) is ended as a message so its last field is read;
  // on a whole message the blank line only lengthens the body, which is not read.
  const source = Buffer.concat([block, Buffer.from('\r\n\r\n')]);
  const { simpleParser } = await mailparser();
  const parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true });
  return parsed.headers;
}

function deliveryIdOf(value: HeaderValue | undefined): number | undefined {
  const match = DELIVERY_ID.exec(text(value));
  return match?.[1] ? Number(match[1]) : undefined;
}

function structuredHeader(
  value: HeaderValue | undefined,
): { value: string; params: Record<string, string> } | undefined {
  if (
    value &&
    typeof value === 'object' &&
    'value' in value &&
    'params' in value &&
    typeof value.value === 'string'
  )
    return { value: value.value, params: value.params as Record<string, string> };
  return undefined;
}

/** An address field's address: `rfc822; ann@example.org`, `<ann@example.org>`, or a parsed To header. */
function addressText(value: HeaderValue | undefined): string | undefined {
  if (value && typeof value === 'object' && 'value' in value && Array.isArray(value.value)) {
    const first = value.value[0];
    return first?.address?.toLowerCase();
  }
  const address = text(value)
    .replace(/^\s*rfc822\s*;/i, '')
    .trim()
    .replace(/^<|>$/g, '');
  return address ? address.toLowerCase() : undefined;
}

function text(value: HeaderValue | undefined): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  if (value instanceof Date) return value.toISOString();
  return '';
}
