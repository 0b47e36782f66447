import type { ThemeSettings } from '../records/theme.ts';

/** An attribute value written into MJML markup: quotes and markup characters escaped. */
function attribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** A CSS value inside <mj-style>: nothing that could close the rule or the element. */
function cssValue(value: string): string {
  return value.replace(/[<>{};]/g, '');
}

function tag(name: string, attributes: Record<string, string>): string {
  const written = Object.entries(attributes)
    .map(([key, value]) => `${key}="${attribute(value)}"`)
    .join(' ');
  return `<${name} ${written} />`;
}

/** The mj-class names a theme defines, for blocks that want the theme's other styles. */
export const THEME_MJ_CLASSES = {
  heading: 'theme-heading',
  secondaryButton: 'theme-secondary-button',
  footer: 'theme-footer',
} as const;

/**
 * A theme as MJML head markup (functional §3 Theme → the editor's rendering): `<mj-font>` for its web fonts,
 * `<mj-attributes>` giving every text, button, section and column the theme's fonts, sizes and colours (mj-class
 * names in THEME_MJ_CLASSES for headings, secondary buttons and the footer), and `<mj-style>` for links.
 * Put it inside `<mj-head>`; applyThemeToMjml does so, and sets the body's width and background.
 */
export function themeMjmlAttributes(theme: ThemeSettings): string {
  const { style, customFont } = theme;
  const fonts = [
    ...(customFont.url
      ? [tag('mj-font', { name: customFont.family.split(',')[0]!.trim(), href: customFont.url })]
      : []),
    ...theme.googleFonts.map((family) =>
      tag('mj-font', {
        name: family,
        href: `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family).replaceAll('%20', '+')}&display=swap`,
      }),
    ),
  ];
  const families = [...theme.googleFonts, customFont.family].join(', ');
  const attributes = [
    tag('mj-all', { 'font-family': families }),
    tag('mj-section', { 'background-color': style.body.contentBackgroundColor }),
    tag('mj-text', {
      'font-size': style.text.fontSize,
      'line-height': style.text.lineHeight,
      color: style.text.color,
    }),
    tag('mj-button', {
      'background-color': style.primaryButton.backgroundColor,
      color: style.primaryButton.color,
      'border-radius': style.primaryButton.borderRadius,
      height: style.primaryButton.height,
      'font-size': style.text.fontSize,
    }),
    tag('mj-class', {
      name: THEME_MJ_CLASSES.heading,
      'font-size': style.heading.fontSize,
      color: style.heading.color,
      'font-weight': 'bold',
    }),
    tag('mj-class', {
      name: THEME_MJ_CLASSES.secondaryButton,
      'background-color': style.secondaryButton.backgroundColor,
      color: style.secondaryButton.color,
      'border-radius': style.secondaryButton.borderRadius,
      height: style.secondaryButton.height,
    }),
    tag('mj-class', {
      name: THEME_MJ_CLASSES.footer,
      'font-size': style.footer.fontSize,
      color: style.footer.color,
      'background-color': style.footer.backgroundColor,
    }),
  ];
  const link = `a { color: ${cssValue(style.link.color)}; text-decoration: ${style.link.underline ? 'underline' : 'none'}; }`;
  return [
    ...fonts,
    '<mj-attributes>',
    ...attributes.map((line) => `  ${line}`),
    '</mj-attributes>',
    `<mj-style>${link}</mj-style>`,
  ].join('\n');
}

/**
 * An MJML document with a theme applied: the theme's head markup first in its <mj-head> (so the document's own
 * attributes, later, still win), and the theme's width and background on <mj-body> unless the body sets them.
 */
export function applyThemeToMjml(mjml: string, theme: ThemeSettings): string {
  const head = themeMjmlAttributes(theme);
  let themed = /<mj-head(\s[^>]*)?>/.test(mjml)
    ? mjml.replace(/<mj-head(\s[^>]*)?>/, (opening) => `${opening}\n${head}`)
    : mjml.replace(/<mjml(\s[^>]*)?>/, (opening) => `${opening}\n<mj-head>\n${head}\n</mj-head>`);
  themed = themed.replace(/<mj-body(\s[^>]*)?>/, (opening, attributes: string | undefined) => {
    const given = attributes ?? '';
    const extra = [
      ...(/\swidth=/.test(given) ? [] : [`width="${attribute(theme.style.body.width)}"`]),
      ...(/\sbackground-color=/.test(given)
        ? []
        : [`background-color="${attribute(theme.style.body.backgroundColor)}"`]),
    ];
    return extra.length === 0 ? opening : `<mj-body${given} ${extra.join(' ')}>`;
  });
  return themed;
}
