import type { ContentBlockFormat } from '../records/content-block.ts';
import type { ThemeSettings } from '../records/theme.ts';
import type { EmailBlock, EmailDesign, EmailSection, SocialNetwork } from './email-design.ts';
import { themeMjmlAttributes } from './theme-mjml.ts';

/** A content block's content as a caller has it: HTML, or HTML or MJML column markup by its format. */
export type ContentBlockContent = string | { format: ContentBlockFormat; content: string };

/** What designToMjml may be given beyond the design. */
export interface DesignToMjmlOptions {
  /**
   * Content blocks' current content by id, fresher than the copy a block keeps from when it was chosen (the
   * content blocks' resource fills it; without it the kept copy is used).
   */
  contentBlocks?: ReadonlyMap<number, ContentBlockContent>;
  /** Words shown for a chosen content block with no content yet: `Content block 12`. */
  contentBlockPlaceholder?: (block: { contentBlockId: number; name?: string | undefined }) => string;
  /**
   * The settings of the design's theme (design.theme.themeId), read by the caller: its head markup goes first
   * (so the design's own attributes still win) and its width and background are the body's unless the design
   * sets them.
   */
  theme?: ThemeSettings | undefined;
}

/** The body width when neither the design nor its theme names one (a theme's own default). */
export const DEFAULT_EMAIL_WIDTH = 600;

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
};

/** Liquid output and tags, which pass through as written (escaping them would break them). */
const LIQUID = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/**
 * Writes a design as MJML, one element a line so MJML's line numbers point somewhere readable. Pure: the
 * editor runs it on every change and the server on a variation's design, and both get the same MJML. Only
 * settings a block has are written, so a theme's `<mj-attributes>` apply to the rest.
 */
export function designToMjml(design: EmailDesign, options: DesignToMjmlOptions = {}): string {
  const lines = [
    '<mjml>',
    ...head(design, options.theme),
    `  <mj-body${attributes(bodyAttributes(design, options.theme))}>`,
  ];
  for (const section of design.sections) lines.push(...sectionLines(section, design, options));
  lines.push('  </mj-body>', '</mjml>');
  return lines.join('\n') + '\n';
}

function head(design: EmailDesign, theme: ThemeSettings | undefined): string[] {
  const themed = theme
    ? themeMjmlAttributes(theme)
        .split('\n')
        .map((line) => `    ${line}`)
    : [];
  const defaults: string[] = [];
  if (design.fontFamily) defaults.push(`      <mj-all${attributes({ 'font-family': design.fontFamily })} />`);
  for (const [tag, values] of Object.entries(design.theme?.attributes ?? {}))
    defaults.push(`      <${tag}${attributes(values)} />`);
  const fonts = (design.theme?.fonts ?? []).map(
    (font) => `    <mj-font${attributes({ name: font.name, href: font.href })} />`,
  );
  if (themed.length === 0 && defaults.length === 0 && fonts.length === 0) return [];
  const block = defaults.length ? ['    <mj-attributes>', ...defaults, '    </mj-attributes>'] : [];
  return ['  <mj-head>', ...themed, ...fonts, ...block, '  </mj-head>'];
}

function bodyAttributes(
  design: EmailDesign,
  theme: ThemeSettings | undefined,
): Record<string, string | undefined> {
  return {
    width:
      design.width === undefined
        ? (theme?.style.body.width ?? `${DEFAULT_EMAIL_WIDTH}px`)
        : `${design.width}px`,
    'background-color': design.backgroundColor ?? theme?.style.body.backgroundColor,
  };
}

function sectionLines(section: EmailSection, design: EmailDesign, options: DesignToMjmlOptions): string[] {
  const padding = section.padding === undefined ? undefined : `${section.padding}px 0px`;
  const background = section.backgroundColor ?? design.contentBackgroundColor;
  const lines = [`    <mj-section${attributes({ 'background-color': background, padding })}>`];
  for (const column of section.columns) {
    lines.push('      <mj-column>');
    for (const block of column.blocks) {
      const written = blockMjml(block, options);
      if (written) lines.push(`        ${written}`);
    }
    lines.push('      </mj-column>');
  }
  lines.push('    </mj-section>');
  return lines;
}

/** One block as one MJML element (its rich text may span lines). */
export function blockMjml(block: EmailBlock, options: DesignToMjmlOptions = {}): string {
  switch (block.type) {
    case 'text':
      return element(
        'mj-text',
        { align: block.align, color: block.color, 'font-size': px(block.fontSize) },
        block.html,
      );
    case 'image':
      return element('mj-image', {
        src: block.src,
        alt: block.alt,
        href: block.href || undefined,
        width: px(block.width),
        align: block.align,
      });
    case 'button':
      return element(
        'mj-button',
        {
          href: block.href,
          'background-color': block.backgroundColor,
          color: block.color,
          'border-radius': px(block.borderRadius),
          align: block.align,
        },
        escapeText(block.text),
      );
    case 'divider':
      return element('mj-divider', { 'border-color': block.color, 'border-width': px(block.thickness) });
    case 'spacer':
      return element('mj-spacer', { height: `${block.height}px` });
    case 'social': {
      const links = block.links.map((link) =>
        element(
          'mj-social-element',
          { name: `${link.network}-noshare`, href: link.href },
          SOCIAL_LABELS[link.network],
        ),
      );
      return element('mj-social', { align: block.align, mode: 'horizontal' }, links.join(''));
    }
    case 'html':
      return element('mj-raw', {}, block.html);
    case 'contentBlock': {
      // Nothing chosen yet: nothing to send (the editor's canvas asks for a choice instead).
      if (block.contentBlockId === undefined) return '';
      const fresh = options.contentBlocks?.get(block.contentBlockId);
      const content =
        fresh === undefined
          ? block.html === undefined
            ? undefined
            : { format: block.format ?? 'html', content: block.html }
          : typeof fresh === 'string'
            ? { format: 'html' as const, content: fresh }
            : fresh;
      // MJML content is column markup (mj-text, mj-image …), placed as it is; HTML goes in as it is written.
      if (content !== undefined)
        return content.format === 'mjml' ? content.content : element('mj-raw', {}, content.content);
      const chosen = { contentBlockId: block.contentBlockId, name: block.name };
      const placeholder =
        options.contentBlockPlaceholder?.(chosen) ?? `Content block ${block.name ?? block.contentBlockId}`;
      return element('mj-text', {}, escapeText(placeholder));
    }
  }
}

function element(tag: string, values: Record<string, string | undefined>, content?: string): string {
  return content === undefined
    ? `<${tag}${attributes(values)} />`
    : `<${tag}${attributes(values)}>${content}</${tag}>`;
}

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
}

function px(value: number | undefined): string | undefined {
  return value === undefined ? undefined : `${value}px`;
}

/**
 * Escapes text for MJML outside its Liquid: `{{ subscriber.firstname | default: "there" }}` must reach
 * liquidjs as written. In an attribute a Liquid string's double quotes become single ones, which Liquid reads
 * alike, so they do not end the attribute.
 */
function escapeAttribute(value: string): string {
  return eachPart(
    value,
    (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
    (liquid) => liquid.replace(/"/g, "'"),
  );
}

function escapeText(value: string): string {
  return eachPart(
    value,
    (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    (liquid) => liquid,
  );
}

function eachPart(value: string, text: (part: string) => string, liquid: (part: string) => string): string {
  let result = '';
  let at = 0;
  for (const match of value.matchAll(LIQUID)) {
    result += text(value.slice(at, match.index)) + liquid(match[0]);
    at = match.index + match[0].length;
  }
  return result + text(value.slice(at));
}
