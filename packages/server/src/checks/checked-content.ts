import type { Channel, ContentError, EmailContent } from '@herald/protocol';
import type { Recipient } from '../content/recipient-scope.ts';
import type { ScannedHtml } from './html-scan.ts';

/**
 * One version of an activity's content, rendered once for the sample recipient, what every check reads: an
 * e-mail has one per combination of its variations (0 is the original), any other channel one.
 */
export interface CheckedVersion {
  variation: number;
  /** The subject (e-mail) or title (push) as written; undefined for a channel without one. */
  subjectSource: string | undefined;
  /** The subject or title rendered for the sample recipient. */
  subject: string;
  html: string;
  text: string;
  /** UTF-8 bytes of the rendered HTML (of the text for a channel without HTML). */
  sizeBytes: number;
  /** The parts as the author wrote them (subject, preheader, MJML or HTML, text…), Liquid and all. */
  sources: string[];
  /** The images and links of `html`, scanned once. */
  page: ScannedHtml;
  /** Problems found compiling the content and rendering it for the sample recipient. */
  errors: ContentError[];
  /** This version's render problems for another recipient (a test profile). */
  renderErrors(recipient: Recipient): Promise<ContentError[]>;
}

/** An activity's content ready for the checks. */
export interface CheckedContent {
  channel: Channel;
  versions: CheckedVersion[];
  /** The e-mail as saved (the From header is the same in every version); undefined for other channels. */
  email: EmailContent | undefined;
  /** The unsubscribe URL the versions were rendered with, so a link to it can be recognized. */
  unsubscribeUrl: string;
}

/**
 * The links a checked copy is rendered with. Not the organization's real ones (nothing a check renders is
 * sent), but recognizable, so the links check can tell the unsubscribe link from the others.
 */
export const CHECK_LINKS = {
  unsubscribeUrl: 'https://herald.invalid/t/u/check',
  viewOnlineUrl: 'https://herald.invalid/t/v/check',
} as const;
