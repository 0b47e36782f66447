import { DEFAULT_EMAIL_WIDTH, type EmailDesign, type ThemeSettings } from '@herald/protocol';

/** What the canvas borrows of the rendered e-mail's look, so it reads like the e-mail it writes. */
export interface DesignLook {
  /** The body's width in pixels. */
  width: number;
  fontFamily: string | undefined;
  /** The text's size, as CSS (`14px`). */
  fontSize: string | undefined;
  backgroundColor: string | undefined;
  contentBackgroundColor: string | undefined;
}

/**
 * The design's look under its theme, settled as designToMjml settles it: what the design sets wins, then the
 * theme's, then MJML's defaults (undefined here, so the canvas keeps its own).
 */
export function designLook(design: EmailDesign, theme: ThemeSettings | undefined): DesignLook {
  const style = theme?.style;
  const themeWidth = style ? Number.parseInt(style.body.width, 10) : Number.NaN;
  const themeFonts = theme ? [...theme.googleFonts, theme.customFont.family].join(', ') : undefined;
  return {
    width: design.width ?? (Number.isFinite(themeWidth) ? themeWidth : DEFAULT_EMAIL_WIDTH),
    fontFamily: design.fontFamily ?? themeFonts,
    fontSize: style?.text.fontSize,
    backgroundColor: design.backgroundColor ?? style?.body.backgroundColor,
    contentBackgroundColor: design.contentBackgroundColor ?? style?.body.contentBackgroundColor,
  };
}
