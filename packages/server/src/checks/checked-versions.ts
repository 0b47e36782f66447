import {
  countCombinations,
  emailCombination,
  type ActivityContent,
  type Channel,
  type EmailContent,
} from '@herald/protocol';
import type { Kysely } from 'kysely';
import { renderContentPreview } from '../activities/render-preview.ts';
import { withFreshDesign } from '../activities/fresh-email-design.ts';
import { compileEmailContent } from '../content/email-content.ts';
import type { Recipient } from '../content/recipient-scope.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import type { CheckedContent, CheckedVersion } from './checked-content.ts';
import { scanHtml } from './html-scan.ts';

/**
 * A revision's content made ready for the checks: every version rendered once for `recipient`, as
 * renderPreview renders it (a designed e-mail with its content blocks and theme as they are now). An e-mail is
 * compiled once per version, and each version's compiled form is kept to render the test profiles with, so no
 * check compiles MJML again. `signal` is looked at between versions, the costly steps.
 */
export async function checkedContent(
  db: Kysely<Database>,
  actor: Actor,
  channel: Channel,
  content: ActivityContent,
  recipient: Recipient,
  signal?: AbortSignal,
): Promise<CheckedContent> {
  const email = channel === 'email' ? content.channels.email : undefined;
  if (!email) {
    const version = await otherChannelVersion(channel, content, recipient);
    return { channel, versions: [version], email: undefined, unsubscribeUrl: recipient.unsubscribeUrl };
  }
  return checkedEmailContent(email, recipient, (version) => withFreshDesign(db, actor, version), signal);
}

/**
 * An e-mail's versions for the checks, each combination of its variations prepared (a designed e-mail's MJML
 * written again from its design) and compiled once. Needs no database unless `prepare` does.
 */
export async function checkedEmailContent(
  email: EmailContent,
  recipient: Recipient,
  prepare: (version: EmailContent) => Promise<EmailContent> = (version) => Promise.resolve(version),
  signal?: AbortSignal,
): Promise<CheckedContent> {
  const versions: CheckedVersion[] = [];
  const count = countCombinations(email);
  for (let variation = 0; variation < count; variation += 1) {
    signal?.throwIfAborted();
    const combination = emailCombination(email, variation);
    if (!combination) break;
    versions.push(await emailVersion(variation, await prepare(combination), recipient));
  }
  return { channel: 'email', versions, email, unsubscribeUrl: recipient.unsubscribeUrl };
}

async function emailVersion(
  variation: number,
  email: EmailContent,
  recipient: Recipient,
): Promise<CheckedVersion> {
  const compiled = await compileEmailContent(email);
  const rendered = compiled.render(recipient);
  return {
    variation,
    subjectSource: email.subject,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    sizeBytes: rendered.sizeBytes,
    sources: [email.subject, email.preheader, email.mjml ?? email.html, email.text].filter(
      (part): part is string => part !== undefined,
    ),
    page: scanHtml(rendered.html),
    errors: rendered.errors,
    renderErrors: (other) => Promise.resolve(compiled.render(other).errors),
  };
}

/** Any channel but a present e-mail: one version, rendered as renderPreview does (small, so per recipient). */
export async function otherChannelVersion(
  channel: Channel,
  content: ActivityContent,
  recipient: Recipient,
): Promise<CheckedVersion> {
  const rendered = await renderContentPreview(channel, content, recipient);
  return {
    variation: 0,
    subjectSource: channel === 'pushnotification' ? content.channels.pushnotification?.title : undefined,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    sizeBytes: rendered.sizeBytes,
    sources: writtenParts(channel, content),
    page: scanHtml(rendered.html),
    errors: rendered.errors.map((error) => ({ ...error, part: error.part ?? 'text' })),
    renderErrors: async (other) =>
      (await renderContentPreview(channel, content, other)).errors.map((error) => ({
        ...error,
        part: error.part ?? 'text',
      })),
  };
}

/** The parts of a non-e-mail content as written, with their Liquid. */
function writtenParts(channel: Channel, content: ActivityContent): string[] {
  const channels = content.channels;
  switch (channel) {
    case 'email':
      return [];
    case 'sms':
      return channels.sms ? [channels.sms.text] : [];
    case 'pushnotification':
      return channels.pushnotification
        ? [channels.pushnotification.title, channels.pushnotification.body]
        : [];
    case 'web':
      return channels.web ? [channels.web.html] : [];
    case 'whatsapp':
      return channels.whatsapp?.parameters ?? [];
    case 'line':
      return (channels.line?.messages ?? []).flatMap((message) =>
        message.type === 'text' ? [message.text] : [],
      );
    case 'displayad':
      return [];
  }
}
