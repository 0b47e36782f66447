import type { ThemeSettings } from '@herald/protocol';

/** How a field of the theme form is edited. */
export type ThemeFieldKind =
  'text' | 'textarea' | 'email' | 'url' | 'colour' | 'pixels' | 'switch' | 'alignment';

/** One field of the form: a path into ThemeSettings (`style.body.width`) and how it is edited. */
export interface ThemeField {
  path: string;
  kind: ThemeFieldKind;
}

/** The groups of functional §3 Theme, in the form's order, each a fieldset of its fields. */
export const THEME_FORM_GROUPS: ReadonlyArray<{ group: string; fields: readonly ThemeField[] }> = [
  {
    group: 'identity',
    fields: [
      { path: 'themeName', kind: 'text' },
      { path: 'brandName', kind: 'text' },
      { path: 'themeDescription', kind: 'textarea' },
      { path: 'language', kind: 'text' },
    ],
  },
  {
    group: 'sending',
    fields: [
      { path: 'sender.name', kind: 'text' },
      { path: 'sender.email', kind: 'email' },
      { path: 'replyTo', kind: 'email' },
      { path: 'trackingDomain', kind: 'text' },
    ],
  },
  {
    group: 'brand',
    fields: [
      { path: 'customColors.primary', kind: 'colour' },
      { path: 'customColors.secondary', kind: 'colour' },
      { path: 'customColors.accent', kind: 'colour' },
      { path: 'customFont.family', kind: 'text' },
      { path: 'customFont.url', kind: 'url' },
      { path: 'googleFonts', kind: 'text' },
      { path: 'logos', kind: 'url' },
    ],
  },
  {
    group: 'header',
    fields: [
      { path: 'header.showLogo', kind: 'switch' },
      { path: 'header.alignment', kind: 'alignment' },
      { path: 'header.backgroundColor', kind: 'colour' },
      { path: 'viewOnline.enabled', kind: 'switch' },
      { path: 'viewOnline.text', kind: 'text' },
    ],
  },
  {
    group: 'links',
    fields: [
      { path: 'contactUsUrl', kind: 'url' },
      { path: 'appStoreLinks.apple', kind: 'url' },
      { path: 'appStoreLinks.google', kind: 'url' },
      { path: 'analytics.campaign', kind: 'text' },
      { path: 'analytics.medium', kind: 'text' },
      { path: 'analytics.source', kind: 'text' },
    ],
  },
  {
    group: 'layout',
    fields: [
      { path: 'style.body.width', kind: 'pixels' },
      { path: 'style.body.backgroundColor', kind: 'colour' },
      { path: 'style.body.contentBackgroundColor', kind: 'colour' },
      { path: 'style.text.fontSize', kind: 'pixels' },
      { path: 'style.text.lineHeight', kind: 'text' },
      { path: 'style.text.color', kind: 'colour' },
      { path: 'style.heading.fontSize', kind: 'pixels' },
      { path: 'style.heading.color', kind: 'colour' },
      { path: 'style.link.color', kind: 'colour' },
      { path: 'style.link.underline', kind: 'switch' },
    ],
  },
  {
    group: 'buttons',
    fields: [
      { path: 'style.primaryButton.backgroundColor', kind: 'colour' },
      { path: 'style.primaryButton.color', kind: 'colour' },
      { path: 'style.primaryButton.borderRadius', kind: 'pixels' },
      { path: 'style.primaryButton.height', kind: 'pixels' },
      { path: 'style.secondaryButton.backgroundColor', kind: 'colour' },
      { path: 'style.secondaryButton.color', kind: 'colour' },
      { path: 'style.secondaryButton.borderRadius', kind: 'pixels' },
      { path: 'style.secondaryButton.height', kind: 'pixels' },
    ],
  },
  {
    group: 'footer',
    fields: [
      { path: 'style.footer.fontSize', kind: 'pixels' },
      { path: 'style.footer.color', kind: 'colour' },
      { path: 'style.footer.backgroundColor', kind: 'colour' },
    ],
  },
];

type Tree = Record<string, unknown>;

/**
 * A field's value as the form shows it. Lists are edited as text: googleFonts as names separated by commas,
 * logos as the first logo's address.
 */
export function fieldValue(settings: ThemeSettings, path: string): string | boolean {
  if (path === 'googleFonts') return settings.googleFonts.join(', ');
  if (path === 'logos') return settings.logos[0]?.url ?? '';
  let value: unknown = settings;
  for (const key of path.split('.')) value = (value as Tree)[key];
  return typeof value === 'boolean' ? value : String(value ?? '');
}

/** The settings with one field changed (a copy; groups along the path are copied too). */
export function withField(settings: ThemeSettings, path: string, value: string | boolean): ThemeSettings {
  if (path === 'googleFonts')
    return {
      ...settings,
      googleFonts: String(value)
        .split(',')
        .map((family) => family.trim())
        .filter(Boolean),
    };
  if (path === 'logos') {
    const [first, ...rest] = settings.logos;
    const url = String(value).trim();
    return { ...settings, logos: url ? [{ ...first, alt: first?.alt ?? '', url }, ...rest] : rest };
  }
  const keys = path.split('.');
  const copy = structuredClone(settings) as unknown as Tree;
  let group = copy;
  for (const key of keys.slice(0, -1)) group = group[key] as Tree;
  group[keys[keys.length - 1]!] = value;
  return copy as unknown as ThemeSettings;
}
