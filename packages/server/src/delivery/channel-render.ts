import type { ActivityContent, Channel, ContentError, ContentPart } from '@herald/protocol';
import { compileEmailContent, type RenderedEmail } from '../content/email-content.ts';
import { htmlLiquid, textLiquid } from '../content/liquid-engines.ts';
import { recipientScope, type Recipient } from '../content/recipient-scope.ts';
import { compileSmsContent } from '../content/sms-content.ts';
import { compileTemplatePart, type CompiledPart } from '../content/template-part.ts';

/** One recipient's rendered content, by channel; `errors` are this recipient's render failures only. */
export type RenderedContent =
  | { channel: 'email'; email: RenderedEmail; errors: ContentError[] }
  | { channel: 'sms'; text: string; errors: ContentError[] }
  | { channel: 'pushnotification'; title: string; body: string; errors: ContentError[] }
  | { channel: 'whatsapp'; parameters: string[]; errors: ContentError[] }
  | {
      channel: 'line';
      messages: Array<
        | { type: 'text'; text: string }
        | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
      >;
      errors: ContentError[];
    }
  | { channel: 'web'; html: string; errors: ContentError[] }
  | { channel: 'displayad'; errors: ContentError[] };

/** A version of a revision's content, compiled once for the run and rendered per recipient. */
export interface CompiledContent {
  render(recipient: Recipient): RenderedContent;
}

function part(partName: ContentPart, source: string, html = false): CompiledPart {
  return compileTemplatePart({ part: partName, source, engine: html ? htmlLiquid : textLiquid });
}

function renderAll(parts: readonly CompiledPart[], recipient: Recipient) {
  const scope = recipientScope(recipient);
  const rendered = parts.map((compiled) => compiled.render(scope));
  // A part that does not parse fails every recipient, as a render failure would: nothing half-made goes out.
  const errors = [...parts.flatMap((compiled) => compiled.errors), ...rendered.flatMap((r) => r.errors)];
  return { outputs: rendered.map((r) => r.output), errors };
}

/**
 * Whether a problem found compiling an e-mail stops its send: Liquid that does not parse, MJML that did not
 * compile or lost Liquid. MJML's validation complaints (a misplaced attribute) do not; the check showed them.
 */
function isFatalEmailError(error: ContentError): boolean {
  if (error.part !== 'mjml') return true;
  return /^(The MJML|MJML left out)/.test(error.message) || error.line === undefined;
}

/**
 * Compiles a content version for a channel (the costly steps, MJML above all, once per run). E-mail compile
 * problems that the check let pass (MJML's complaints) do not stop a send; only what fails for a recipient, or
 * Liquid that does not parse, does.
 */
export async function compileContent(channel: Channel, content: ActivityContent): Promise<CompiledContent> {
  const channels = content.channels;
  const missing = (): CompiledContent => ({
    render: () => ({
      channel: 'displayad',
      errors: [{ part: 'text', message: `The revision has no ${channel} content.` }],
    }),
  });
  switch (channel) {
    case 'email': {
      if (!channels.email) return missing();
      const compiled = await compileEmailContent(channels.email);
      const fatal = compiled.errors.filter(isFatalEmailError);
      return {
        render(recipient) {
          const email = compiled.render(recipient);
          const own = email.errors.slice(compiled.errors.length);
          return { channel, email, errors: [...fatal, ...own] };
        },
      };
    }
    case 'sms': {
      if (!channels.sms) return missing();
      const compiled = compileSmsContent(channels.sms);
      return {
        render(recipient) {
          const sms = compiled.render(recipient);
          return { channel, text: sms.text, errors: sms.errors };
        },
      };
    }
    case 'pushnotification': {
      const push = channels.pushnotification;
      if (!push) return missing();
      const parts = [part('title', push.title), part('body', push.body)];
      return {
        render(recipient) {
          const { outputs, errors } = renderAll(parts, recipient);
          return { channel, title: outputs[0] ?? '', body: outputs[1] ?? '', errors };
        },
      };
    }
    case 'whatsapp': {
      const whatsapp = channels.whatsapp;
      if (!whatsapp) return missing();
      const parts = whatsapp.parameters.map((parameter) => part('parameters', parameter));
      return {
        render(recipient) {
          const { outputs, errors } = renderAll(parts, recipient);
          return { channel, parameters: outputs, errors };
        },
      };
    }
    case 'line': {
      const line = channels.line;
      if (!line) return missing();
      // A flex message goes as its alternative text: the Messenger carries text and images.
      const texts = line.messages.map((message) =>
        message.type === 'image'
          ? undefined
          : part('messages', message.type === 'text' ? message.text : message.altText),
      );
      return {
        render(recipient) {
          const compiledTexts = texts.filter((text): text is CompiledPart => text !== undefined);
          const { outputs, errors } = renderAll(compiledTexts, recipient);
          let at = 0;
          const messages = line.messages.map((message) =>
            message.type === 'image' ? message : { type: 'text' as const, text: outputs[at++] ?? '' },
          );
          return { channel, messages, errors };
        },
      };
    }
    case 'web': {
      const web = channels.web;
      if (!web) return missing();
      const parts = [part('html', web.html, true)];
      return {
        render(recipient) {
          const { outputs, errors } = renderAll(parts, recipient);
          return { channel, html: outputs[0] ?? '', errors };
        },
      };
    }
    case 'displayad':
      return { render: () => ({ channel, errors: [] }) };
  }
}
