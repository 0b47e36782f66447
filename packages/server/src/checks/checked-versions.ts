import { setImmediate } from 'node:timers/promises';
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
import { compileEmailContent, type CompiledEmail } from '../content/email-content.ts';
import { textLiquid } from '../content/liquid-engines.ts';
import { recipientScope, type Recipient } from '../content/recipient-scope.ts';
import { compileTemplatePart } from '../content/template-part.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import type { CheckedContent, CheckedVersion } from './checked-content.ts';
import { scanHtml } from './html-scan.ts';

/**
 * A revision's content made ready for the checks: every version rendered once for `recipient`, as
 * renderPreview renders it (a designed e-mail with its content blocks and theme as they are now). An e-mail is
 * compiled once per distinct body, and each version's compiled form is kept to render the test profiles with, so no
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
 * written again from its design) and compiled once. Versions that differ only by their subject (an A/B test
 * of subjects) share one compiled body: the body is the costly part, the subject a line. Needs no database
 * unless `prepare` does.
 */
export async function checkedEmailContent(
  email: EmailContent,
  recipient: Recipient,
  prepare: (version: EmailContent) => Promise<EmailContent> = (version) => Promise.resolve(version),
  signal?: AbortSignal,
): Promise<CheckedContent> {
  const versions: CheckedVersion[] = [];
  const bodies = new Map<string, Promise<CompiledEmail>>();
  const count = countCombinations(email);
  for (let variation = 0; variation < count; variation += 1) {
    // A version's compile holds the thread for tens of milliseconds: let other requests in between them.
    if (variation > 0) await setImmediate();
    signal?.throwIfAborted();
    const combination = emailCombination(email, variation);
    if (!combination) break;
    const prepared = await prepare(combination);
    const key = JSON.stringify([prepared.mjml, prepared.html, prepared.preheader, prepared.text]);
    let body = bodies.get(key);
    if (!body) bodies.set(key, (body = compileEmailContent({ ...prepared, subject: '' })));
    versions.push(emailVersion(variation, prepared, await body, recipient));
  }
  return { channel: 'email', versions, email, unsubscribeUrl: recipient.unsubscribeUrl };
}

/** One e-mail version: its own subject over a compiled body, rendered as compileEmailContent renders both. */
function emailVersion(
  variation: number,
  email: EmailContent,
  body: CompiledEmail,
  recipient: Recipient,
): CheckedVersion {
  const subject = compileTemplatePart({ part: 'subject', source: email.subject, engine: textLiquid });
  const render = (who: Recipient) => {
    const renderedSubject = subject.render(recipientScope(who));
    const rendered = body.render(who);
    return {
      ...rendered,
      // A subject is one header line, as compileEmailContent makes it.
      subject: renderedSubject.output.replace(/\s*[\r\n]+\s*/g, ' ').trim(),
      errors: [...subject.errors, ...renderedSubject.errors, ...rendered.errors],
    };
  };
  const rendered = render(recipient);
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
    renderErrors: (other) => Promise.resolve(render(other).errors),
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
