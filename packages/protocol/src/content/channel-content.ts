import { z } from 'zod';
import {
  designBlocks,
  EMAIL_VARIATION_LIMITS,
  emailDesignSchema,
  emailVariationSchema,
} from './email-design.ts';
import { countCombinations } from './email-variations.ts';

/**
 * What an activity revision's `content.channels` holds for each channel (PROTOCOL §7). The e-mail and SMS
 * shapes are the contract's minimum; the other five are Herald's, documented here. Subjects, bodies and texts
 * are Liquid templates over the recipient (`{{ subscriber.firstname }}`, `{{ unsubscribe_url }}` …); the
 * server's renderer reads exactly these shapes.
 */

/** The most characters one written part (an MJML or HTML body) may have; a frame is at most 1 MiB anyway. */
export const CONTENT_BODY_MAX_CHARACTERS = 900_000;

const line = (max: number) => z.string().max(max);
const body = z.string().max(CONTENT_BODY_MAX_CHARACTERS);
const url = z.string().trim().max(2000);

/** PROTOCOL §7 `email`: exactly one of `mjml` or `html`; the text part is derived from the HTML when absent. */
export const emailContentSchema = z
  .strictObject({
    subject: line(1000),
    /** The line an inbox shows after the subject; plain text, hidden in the body. */
    preheader: line(1000).optional(),
    fromName: line(200).optional(),
    fromAddress: z.union([z.literal(''), z.email().max(320)]).optional(),
    mjml: body.optional(),
    html: body.optional(),
    /** The plain-text part. */
    text: body.optional(),
    /**
     * The native editor's design that wrote `mjml` (email-design.ts); the server sends `mjml` and reads the
     * design only for a variation that changes blocks.
     */
    design: emailDesignSchema.optional(),
    /** Multivariate variations (functional §4): each may change the subject and any block, by its id. */
    variations: z.array(emailVariationSchema).max(EMAIL_VARIATION_LIMITS.variations).optional(),
    /** With multivariate on, the variations' changes combine: every combination is a version. */
    multivariate: z.boolean().optional(),
  })
  .refine((email) => (email.mjml === undefined) !== (email.html === undefined), {
    message: 'An e-mail has exactly one of mjml or html',
    path: ['html'],
  })
  .superRefine((email, context) => {
    const blockIds = new Set(email.design ? designBlocks(email.design).map((block) => block.id) : []);
    email.variations?.forEach((variation, index) => {
      for (const block of variation.blocks ?? []) {
        if (!blockIds.has(block.id))
          context.addIssue({
            code: 'custom',
            message: `Variation ${variation.name || index + 1} changes block ${block.id}, which the design does not have`,
            path: ['variations', index, 'blocks'],
          });
      }
    });
    if (countCombinations(email) > EMAIL_VARIATION_LIMITS.combinations)
      context.addIssue({
        code: 'custom',
        message: `At most ${EMAIL_VARIATION_LIMITS.combinations} combinations of variations`,
        path: ['variations'],
      });
  });
export type EmailContent = z.infer<typeof emailContentSchema>;

/** PROTOCOL §7 `sms`: the text, counted in segments (GSM-7 or UCS-2) as it is personalized. */
export const smsContentSchema = z.strictObject({ text: z.string().min(1).max(1600) });
export type SmsContent = z.infer<typeof smsContentSchema>;

/** A push notification: what Android and iOS show, an optional picture and where a tap leads. */
export const pushContentSchema = z.strictObject({
  title: line(200),
  body: line(2000),
  imageUrl: url.optional(),
  deepLink: url.optional(),
});
export type PushContent = z.infer<typeof pushContentSchema>;

/** A WhatsApp message: an approved template of the provider's, its language and its parameters in order. */
export const whatsAppContentSchema = z.strictObject({
  templateName: z.string().trim().min(1).max(512),
  /** The template's language, as the provider names it (en, en_US, pt_BR …). */
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/, 'A language code such as en or en_US'),
  /** Each a Liquid template: {{1}}, {{2}} … of the provider's template, in order. */
  parameters: z.array(line(1024)).max(20).default([]),
});
export type WhatsAppContent = z.infer<typeof whatsAppContentSchema>;

/** One LINE message: text, an image, or a flex message (LINE's own JSON layout, kept as given). */
export const lineMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: line(5000) }),
  z.strictObject({ type: z.literal('image'), originalContentUrl: url, previewImageUrl: url }),
  z.strictObject({
    type: z.literal('flex'),
    altText: line(400),
    contents: z.record(z.string(), z.unknown()),
  }),
]);
/** LINE: one to five messages, sent together (LINE's own limit). */
export const lineContentSchema = z.strictObject({ messages: z.array(lineMessageSchema).min(1).max(5) });
export type LineContent = z.infer<typeof lineContentSchema>;

export const WEB_PLACEMENTS = ['banner', 'modal'] as const;
/** An on-site message: where it shows on the page, and its HTML (Liquid over the visitor). */
export const webContentSchema = z.strictObject({ placement: z.enum(WEB_PLACEMENTS), html: body });
export type WebContent = z.infer<typeof webContentSchema>;

/** A display ad: the audience exported to the ad platform (by name, identifiers hashed) and the creative's sizes. */
export const displayAdContentSchema = z.strictObject({
  audienceName: z.string().trim().min(1).max(200),
  /** Creative sizes as WIDTHxHEIGHT in pixels (300x250, 728x90 …). */
  sizes: z
    .array(z.string().regex(/^\d{1,4}x\d{1,4}$/, 'A size as WIDTHxHEIGHT, such as 300x250'))
    .min(1)
    .max(20),
});
export type DisplayAdContent = z.infer<typeof displayAdContentSchema>;

/** Each channel's content schema, by the activity type that sends it. */
export const channelContentSchemas = {
  email: emailContentSchema,
  sms: smsContentSchema,
  pushnotification: pushContentSchema,
  whatsapp: whatsAppContentSchema,
  line: lineContentSchema,
  web: webContentSchema,
  displayad: displayAdContentSchema,
} as const;

/** Which written part of the content a problem is in, so the editor can point at it. */
export const CONTENT_PARTS = [
  'subject',
  'preheader',
  'mjml',
  'html',
  'text',
  'sms',
  'title',
  'body',
  'parameters',
  'messages',
] as const;
export type ContentPart = (typeof CONTENT_PARTS)[number];

/**
 * A problem found while compiling or rendering content: renderPreview's `errors` entry. `line` counts from 1 in
 * the text the author wrote (the MJML for an MJML e-mail); it is absent when no line can be named honestly.
 */
export const contentErrorSchema = z.object({
  message: z.string(),
  line: z.number().int().optional(),
  part: z.enum(CONTENT_PARTS).optional(),
});
/** As the renderer reports it: always with its part. */
export interface ContentError {
  part: ContentPart;
  message: string;
  line?: number;
}
