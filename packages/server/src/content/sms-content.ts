import { countSmsSegments, type ContentError, type SmsContent, type SmsSegmentCount } from '@herald/protocol';
import { textLiquid } from './liquid-engines.ts';
import { recipientScope, type Recipient } from './recipient-scope.ts';
import { compileTemplatePart } from './template-part.ts';

/** One recipient's SMS, with what it costs to send: counted on the personalized text, not the template. */
export interface RenderedSms extends SmsSegmentCount {
  text: string;
  errors: ContentError[];
}

export interface CompiledSms {
  readonly errors: readonly ContentError[];
  render(recipient: Recipient): RenderedSms;
}

/**
 * Compiles an SMS once. Its text is plain (no escaping); the segment count is the contract's, so the
 * server charges what the editor showed, and a first name with an accent outside GSM-7 makes that
 * recipient's message UCS-2, which the count per recipient shows.
 */
export function compileSmsContent(content: SmsContent): CompiledSms {
  const text = compileTemplatePart({ part: 'sms', source: content.text, engine: textLiquid });
  return {
    errors: text.errors,
    render(recipient) {
      const rendered = text.render(recipientScope(recipient));
      return {
        text: rendered.output,
        ...countSmsSegments(rendered.output),
        errors: [...text.errors, ...rendered.errors],
      };
    },
  };
}
