/**
 * The channel contents the renderer reads, as PROTOCOL §7 gives them for an activity revision's
 * `content.channels`. The contract's schemas for revisions come with the activity records; these are the
 * fields the renderer needs and nothing more.
 */

/** PROTOCOL §7 `email`: exactly one of `mjml` or `html`. Subject, preheader, body and text are Liquid. */
export interface EmailContent {
  subject: string;
  /** The line an inbox shows after the subject; plain text, hidden in the body. */
  preheader?: string;
  fromName?: string;
  fromAddress?: string;
  mjml?: string;
  html?: string;
  /** The plain-text part; derived from the HTML when absent. */
  text?: string;
}

/** PROTOCOL §7 `sms`. */
export interface SmsContent {
  text: string;
}

/** Which written part of the content a problem is in, so the editor can point at it. */
export type ContentPart = 'subject' | 'preheader' | 'mjml' | 'html' | 'text' | 'sms';

/**
 * A problem found while compiling or rendering content: PROTOCOL §7 renderPreview's `errors` entry
 * (`message`, `line`?), plus the part it is in. `line` counts from 1 in the text the author wrote (the MJML
 * for an MJML e-mail); it is absent when no line can be named honestly (a derived text part, a limit hit).
 */
export interface ContentError {
  part: ContentPart;
  message: string;
  line?: number;
}
