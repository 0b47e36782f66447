import type { ActivityContent, ContentError, ContentPart, RenderedPreview, Channel } from '@herald/protocol';
import { compileEmailContent } from '../content/email-content.ts';
import { htmlLiquid, textLiquid } from '../content/liquid-engines.ts';
import { recipientScope, type Recipient } from '../content/recipient-scope.ts';
import { compileSmsContent } from '../content/sms-content.ts';
import { compileTemplatePart } from '../content/template-part.ts';

/**
 * One recipient's copy of a revision's content, for renderPreview. Every problem (Liquid that does not parse,
 * a render that fails, MJML's complaints) is in `errors`; nothing here throws for the content's sake.
 */
export async function renderContentPreview(
  channel: Channel,
  content: ActivityContent,
  recipient: Recipient,
): Promise<RenderedPreview> {
  const channels = content.channels;
  switch (channel) {
    case 'email': {
      if (!channels.email) return missing(channel);
      const rendered = (await compileEmailContent(channels.email)).render(recipient);
      return { ...rendered, errors: rendered.errors.map(wireError) };
    }
    case 'sms': {
      if (!channels.sms) return missing(channel);
      const rendered = compileSmsContent(channels.sms).render(recipient);
      return preview({ text: rendered.text, errors: rendered.errors });
    }
    case 'pushnotification': {
      if (!channels.pushnotification) return missing(channel);
      const title = renderText('title', channels.pushnotification.title, recipient);
      const body = renderText('body', channels.pushnotification.body, recipient);
      return preview({ subject: title.output, text: body.output, errors: [...title.errors, ...body.errors] });
    }
    case 'web': {
      if (!channels.web) return missing(channel);
      const html = renderHtml(channels.web.html, recipient);
      return preview({ html: html.output, errors: html.errors });
    }
    case 'whatsapp': {
      if (!channels.whatsapp) return missing(channel);
      const parameters = channels.whatsapp.parameters.map((parameter) =>
        renderText('parameters', parameter, recipient),
      );
      return preview({
        subject: channels.whatsapp.templateName,
        text: parameters.map((parameter) => parameter.output).join('\n'),
        errors: parameters.flatMap((parameter) => parameter.errors),
      });
    }
    case 'line': {
      if (!channels.line) return missing(channel);
      const texts = channels.line.messages.flatMap((message) =>
        message.type === 'text' ? [renderText('messages', message.text, recipient)] : [],
      );
      return preview({
        text: texts.map((text) => text.output).join('\n\n'),
        errors: texts.flatMap((text) => text.errors),
      });
    }
    case 'displayad': {
      if (!channels.displayad) return missing(channel);
      return preview({ subject: channels.displayad.audienceName, text: channels.displayad.sizes.join('\n') });
    }
  }
}

interface PartPreview {
  output: string;
  errors: ContentError[];
}

function renderText(part: ContentPart, source: string, recipient: Recipient): PartPreview {
  const compiled = compileTemplatePart({ part, source, engine: textLiquid });
  const rendered = compiled.render(recipientScope(recipient));
  return { output: rendered.output, errors: [...compiled.errors, ...rendered.errors] };
}

function renderHtml(source: string, recipient: Recipient): PartPreview {
  const compiled = compileTemplatePart({ part: 'html', source, engine: htmlLiquid });
  const rendered = compiled.render(recipientScope(recipient));
  return { output: rendered.output, errors: [...compiled.errors, ...rendered.errors] };
}

function preview(parts: {
  subject?: string;
  html?: string;
  text?: string;
  errors?: readonly ContentError[];
}): RenderedPreview {
  const html = parts.html ?? '';
  const text = parts.text ?? '';
  return {
    subject: parts.subject ?? '',
    html,
    text,
    sizeBytes: Buffer.byteLength(html || text, 'utf8'),
    errors: (parts.errors ?? []).map(wireError),
  };
}

/** A revision saved for another channel than its activity's (it cannot be, as saved): nothing to show. */
function missing(channel: Channel): RenderedPreview {
  return preview({ errors: [{ part: 'text', message: `The revision has no ${channel} content.` }] });
}

/** An error entry as the contract answers it: the line only when there is one. */
function wireError(error: ContentError): ContentError {
  return error.line === undefined
    ? { part: error.part, message: error.message }
    : { part: error.part, message: error.message, line: error.line };
}
