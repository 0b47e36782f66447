import { z } from 'zod';
import { CONTENT_BLOCK_FORMATS } from '../records/content-block.ts';

/**
 * The native editor's e-mail design (docs/architecture.md § The native e-mail editor): sections of columns of
 * blocks, each with a stable id, saved beside the MJML it writes (`designToMjml`). The server sends the MJML; it
 * reads the design only to build a multivariate combination whose blocks differ from the saved MJML's
 * (email-variations.ts).
 */

/** The most sections, columns in a section and blocks in a column an editor keeps usable. */
export const EMAIL_DESIGN_LIMITS = { sections: 100, columns: 4, blocks: 100 } as const;

/** A stable id of a section, column or block: unique in its design, kept across saves so variations find it. */
export const designIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Letters, digits, - and _, at most 40');

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, 'A colour such as #1a73e8');
const pixels = (max: number) => z.number().int().min(0).max(max);
const alignment = z.enum(['left', 'center', 'right']);
/** A link or picture address: Liquid is allowed ({{ view_online_url }}), so it is not checked as a URL here. */
const address = z.string().trim().max(2000);
const markup = z.string().max(200_000);

/** The networks a social block links to: those MJML has icons for (a theme may list more: records/theme.ts). */
export const SOCIAL_BLOCK_NETWORKS = [
  'facebook',
  'x',
  'instagram',
  'linkedin',
  'youtube',
  'pinterest',
] as const;
export type SocialNetwork = (typeof SOCIAL_BLOCK_NETWORKS)[number];

export const textBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('text'),
  /** Rich text as HTML (paragraphs, headings, lists, links, bold, italic), Liquid allowed. */
  html: markup,
  align: alignment.optional(),
  color: colour.optional(),
  fontSize: pixels(96).optional(),
});
export const imageBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('image'),
  src: address,
  alt: z.string().max(500),
  href: address.optional(),
  /** Its width in pixels; the column's width when absent. */
  width: pixels(2000).optional(),
  align: alignment.optional(),
});
export const buttonBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('button'),
  text: z.string().max(500),
  href: address,
  backgroundColor: colour.optional(),
  color: colour.optional(),
  borderRadius: pixels(100).optional(),
  align: alignment.optional(),
});
export const dividerBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('divider'),
  color: colour.optional(),
  thickness: pixels(20).optional(),
});
export const spacerBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('spacer'),
  height: pixels(500),
});
export const socialBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('social'),
  links: z
    .array(z.strictObject({ network: z.enum(SOCIAL_BLOCK_NETWORKS), href: address }))
    .max(SOCIAL_BLOCK_NETWORKS.length),
  align: alignment.optional(),
});
export const htmlBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('html'),
  /** Written HTML, placed as it is (mj-raw). */
  html: markup,
});
/**
 * A content block (functional §3) by its id. `html` is its content when it was chosen (`format` says whether
 * it is HTML or MJML column markup), so the design renders on its own; designToMjml's `contentBlocks` option
 * gives fresher content by id where the caller has it. No id yet: the block was added and nothing chosen, so
 * it renders nothing (the canvas asks for a choice).
 */
export const contentBlockBlockSchema = z.strictObject({
  id: designIdSchema,
  type: z.literal('contentBlock'),
  contentBlockId: z.number().int().positive().optional(),
  name: z.string().max(200).optional(),
  format: z.enum(CONTENT_BLOCK_FORMATS).optional(),
  html: markup.optional(),
});

export const emailBlockSchema = z.discriminatedUnion('type', [
  textBlockSchema,
  imageBlockSchema,
  buttonBlockSchema,
  dividerBlockSchema,
  spacerBlockSchema,
  socialBlockSchema,
  htmlBlockSchema,
  contentBlockBlockSchema,
]);
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export type EmailBlockType = EmailBlock['type'];
export const EMAIL_BLOCK_TYPES = [
  'text',
  'image',
  'button',
  'divider',
  'spacer',
  'social',
  'html',
  'contentBlock',
] as const satisfies readonly EmailBlockType[];

export const emailColumnSchema = z.strictObject({
  id: designIdSchema,
  blocks: z.array(emailBlockSchema).max(EMAIL_DESIGN_LIMITS.blocks),
});
export type EmailColumn = z.infer<typeof emailColumnSchema>;

export const emailSectionSchema = z.strictObject({
  id: designIdSchema,
  columns: z.array(emailColumnSchema).min(1).max(EMAIL_DESIGN_LIMITS.columns),
  backgroundColor: colour.optional(),
  /** Padding above and below, in pixels. */
  padding: pixels(200).optional(),
});
export type EmailSection = z.infer<typeof emailSectionSchema>;

/**
 * What a theme contributes (docs/architecture.md § The native e-mail editor, plug points): the chosen theme by id
 * (its settings, read where the design is rendered, go first into `<mj-head>` and give the body its width and
 * background: designToMjml's `theme` option), then MJML default attributes by tag (`mj-all`, `mj-text`,
 * `mj-button` …, written into `<mj-attributes>` after the theme's) and web fonts. A block's own settings win over
 * them, being written on it.
 */
export const emailDesignThemeSchema = z.strictObject({
  themeId: z.number().int().positive().optional(),
  attributes: z
    .record(
      z.string().regex(/^mj-[a-z-]{1,30}$/),
      z.record(z.string().regex(/^[a-z-]{1,40}$/), z.string().max(200)),
    )
    .optional(),
  fonts: z
    .array(z.strictObject({ name: z.string().min(1).max(100), href: z.url().max(2000) }))
    .max(10)
    .optional(),
});
export type EmailDesignTheme = z.infer<typeof emailDesignThemeSchema>;

export const emailDesignSchema = z
  .strictObject({
    version: z.literal(1),
    /** The body's width in pixels (a theme's width, 600 by default). */
    width: z.number().int().min(320).max(1200).optional(),
    backgroundColor: colour.optional(),
    /** The colour behind the content, inside the width. */
    contentBackgroundColor: colour.optional(),
    fontFamily: z.string().max(200).optional(),
    theme: emailDesignThemeSchema.optional(),
    sections: z.array(emailSectionSchema).max(EMAIL_DESIGN_LIMITS.sections),
  })
  .refine((design) => duplicateId(design) === undefined, {
    message: 'Every section, column and block needs its own id',
    path: ['sections'],
  });
export type EmailDesign = z.infer<typeof emailDesignSchema>;

/** The first id used twice in a design, if any. */
export function duplicateId(design: { sections: readonly EmailSection[] }): string | undefined {
  const seen = new Set<string>();
  for (const section of design.sections) {
    for (const id of [section.id, ...section.columns.flatMap((c) => [c.id, ...c.blocks.map((b) => b.id)])]) {
      if (seen.has(id)) return id;
      seen.add(id);
    }
  }
  return undefined;
}

/** Every block of a design, in reading order (section by section, column by column). */
export function designBlocks(design: { sections: readonly EmailSection[] }): EmailBlock[] {
  return design.sections.flatMap((section) => section.columns.flatMap((column) => column.blocks));
}

/** The most variations an e-mail may have, and the most combinations they may multiply into (functional §4). */
export const EMAIL_VARIATION_LIMITS = { variations: 10, combinations: 1000 } as const;

/**
 * One variation of an e-mail (functional §4 multivariate): another subject, and other blocks, each replacing
 * the design's block with its id. Without multivariate, preview index n (from 1) is variation n-1 as a whole.
 */
export const emailVariationSchema = z.strictObject({
  id: designIdSchema,
  name: z.string().trim().max(100),
  subject: z.string().max(1000).optional(),
  blocks: z.array(emailBlockSchema).max(EMAIL_DESIGN_LIMITS.blocks).optional(),
});
export type EmailVariation = z.infer<typeof emailVariationSchema>;
