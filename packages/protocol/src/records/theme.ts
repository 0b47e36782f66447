import { z } from 'zod';
import { THEME_DEFAULT_LANGUAGE } from '../constants/functional.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';
import { defineResource, filterOn } from '../resources/define.ts';

/**
 * An e-mail theme (functional §3 Theme): a brand's sender, tracking, language, assets, colours, fonts, links and
 * the style groups the editor's rendering takes (themeMjmlAttributes). Every group has defaults, so a theme
 * written with a name alone is complete.
 */

const text = (max: number) => z.string().trim().max(max);
const link = z.union([z.literal(''), z.url().max(2000)]);
/** A CSS colour as the theme form writes it: #rgb or #rrggbb. */
const colour = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'A colour such as #1a2b3c');
/** A CSS length in pixels, as MJML attributes take it: `600px`. */
const pixels = z.string().regex(/^\d{1,4}px$/, 'A size in pixels such as 14px');
const emailOrEmpty = z.union([z.literal(''), z.email().max(320)]);

/** The style groups (functional §3 "many style groups"): body, text, headings, links, buttons and footer. */
export const themeStyleSchema = z.strictObject({
  body: z
    .strictObject({
      width: pixels.default('600px'),
      backgroundColor: colour.default('#f4f4f5'),
      contentBackgroundColor: colour.default('#ffffff'),
    })
    .prefault({}),
  text: z
    .strictObject({
      fontSize: pixels.default('14px'),
      lineHeight: z
        .string()
        .regex(/^\d(\.\d{1,2})?$/, 'A line height such as 1.5')
        .default('1.5'),
      color: colour.default('#1f2937'),
    })
    .prefault({}),
  heading: z
    .strictObject({
      fontSize: pixels.default('24px'),
      color: colour.default('#111827'),
    })
    .prefault({}),
  link: z
    .strictObject({ color: colour.default('#1d4ed8'), underline: z.boolean().default(true) })
    .prefault({}),
  primaryButton: z
    .strictObject({
      backgroundColor: colour.default('#1d4ed8'),
      color: colour.default('#ffffff'),
      borderRadius: pixels.default('20px'),
      height: pixels.default('40px'),
    })
    .prefault({}),
  secondaryButton: z
    .strictObject({
      backgroundColor: colour.default('#ffffff'),
      color: colour.default('#1d4ed8'),
      borderRadius: pixels.default('20px'),
      height: pixels.default('40px'),
    })
    .prefault({}),
  footer: z
    .strictObject({
      fontSize: pixels.default('12px'),
      color: colour.default('#6b7280'),
      backgroundColor: colour.default('#f4f4f5'),
    })
    .prefault({}),
});
export type ThemeStyle = z.infer<typeof themeStyleSchema>;

export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'x',
  'linkedin',
  'youtube',
  'tiktok',
  'pinterest',
] as const;

/** Every group of a theme's settings, with its defaults (what writeRecords takes and the record holds). */
export const themeSettingsSchema = z.strictObject({
  brandName: text(200).default(''),
  themeName: text(200).min(1),
  themeDescription: text(2000).default(''),
  sender: z.strictObject({ name: text(200).default(''), email: emailOrEmpty.default('') }).prefault({}),
  replyTo: emailOrEmpty.default(''),
  trackingDomain: text(253).default(''),
  /** Lists whose members' interactions are tracked with this theme's content (list ids). */
  trackingLists: z.array(z.number().int().positive()).max(100).default([]),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'A language tag such as en-AU')
    .default(THEME_DEFAULT_LANGUAGE),
  logos: z
    .array(z.strictObject({ url: z.url().max(2000), alt: text(200).default(''), width: pixels.optional() }))
    .max(10)
    .default([]),
  customColors: z
    .strictObject({
      primary: colour.default('#1d4ed8'),
      secondary: colour.default('#9333ea'),
      accent: colour.default('#f59e0b'),
    })
    .prefault({}),
  customFont: z
    .strictObject({
      family: text(200).default('Helvetica, Arial, sans-serif'),
      /** A web font's stylesheet (@font-face); empty for a system font. */
      url: link.default(''),
    })
    .prefault({}),
  /** Google Fonts families the content may use (each loaded as an mj-font). */
  googleFonts: z.array(text(100).min(1)).max(10).default([]),
  /** policies.lock: a locked theme is not opened for editing (platform §2 guard 9) and refuses changes. */
  policies: z.strictObject({ lock: z.boolean().default(false) }).prefault({}),
  contactUsUrl: link.default(''),
  socialMedia: z
    .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: z.url().max(2000) }))
    .max(SOCIAL_NETWORKS.length)
    .default([]),
  appStoreLinks: z.strictObject({ apple: link.default(''), google: link.default('') }).prefault({}),
  viewOnline: z
    .strictObject({ enabled: z.boolean().default(true), text: text(200).default('View this e-mail online') })
    .prefault({}),
  header: z
    .strictObject({
      showLogo: z.boolean().default(true),
      alignment: z.enum(['left', 'center', 'right']).default('center'),
      backgroundColor: colour.default('#ffffff'),
    })
    .prefault({}),
  /** UTM parameters added to the content's links. */
  analytics: z
    .strictObject({
      campaign: text(200).default(''),
      medium: text(200).default('email'),
      source: text(200).default(''),
    })
    .prefault({}),
  style: themeStyleSchema.prefault({}),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;
export type ThemeSettingsInput = z.input<typeof themeSettingsSchema>;

/** A theme with every default, from its name: what themes/new starts from. */
export function defaultThemeSettings(themeName: string): ThemeSettings {
  return themeSettingsSchema.parse({ themeName });
}

/** A theme as the `theme` query answers it. */
export const themeRecordSchema = themeSettingsSchema.extend({
  id: z.number().int(),
  /** policies.lock, as a column a list can filter on. */
  isLocked: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ThemeRecord = z.infer<typeof themeRecordSchema>;

type SettingsShape = typeof themeSettingsSchema.shape;
/** A group as a write gives it: optional, and never filled with its default when left out. */
type GivenGroup<Group extends z.ZodType> = z.ZodOptional<
  Group extends z.ZodDefault<infer Inner> ? Inner : Group extends z.ZodPrefault<infer Inner> ? Inner : Group
>;

function givenGroups(): { [Name in keyof SettingsShape]: GivenGroup<SettingsShape[Name]> } {
  const entries = Object.entries(themeSettingsSchema.shape).map(([name, group]) => {
    const inner = group instanceof z.ZodDefault || group instanceof z.ZodPrefault ? group.unwrap() : group;
    return [name, (inner as z.ZodType).optional()];
  });
  // Built from the shape above, group by group, so the mapped type holds.
  return Object.fromEntries(entries) as { [Name in keyof SettingsShape]: GivenGroup<SettingsShape[Name]> };
}

/**
 * What writeRecords takes for a theme. A create gives at least themeName and is completed with the defaults; an
 * update names the id and the version it read, and gives whole groups (a group given replaces the stored one,
 * its own missing fields taking their defaults; a group left out is kept). `isDeleted: true` soft-deletes it.
 * A locked theme refuses every change but its unlocking.
 */
export const themeWriteSchema = z.strictObject({
  ...givenGroups(),
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  isDeleted: z.boolean().optional(),
});
export type ThemeWrite = z.input<typeof themeWriteSchema>;

export const themeResource = defineResource({
  type: 'theme',
  description:
    'E-mail themes (functional §3 Theme): every group (brandName, themeName, themeDescription, sender, replyTo, ' +
    'trackingDomain, trackingLists, language (default en-AU), logos, customColors, customFont, googleFonts, ' +
    'policies.lock, contactUsUrl, socialMedia, appStoreLinks, viewOnline, header, analytics {campaign, medium, ' +
    'source} and the style groups, defaults width 600px, font size 14px, primary button radius 20px and height ' +
    '40px). Written by content editors: a create needs themeName; an update gives whole groups with the version ' +
    'it read; `isDeleted: true` soft-deletes. A locked theme (policies.lock) refuses every write with ' +
    'ItemNotEditableError except one that sets policies.lock to false (which may change other groups too). ' +
    'Deleted themes are left out unless `isDeleted` is filtered. A query answering nothing is the web’s "No theme ' +
    'found".',
  record: themeRecordSchema,
  write: themeWriteSchema,
  filters: {
    id: filterOn.key,
    themeName: filterOn.name,
    isLocked: filterOn.flag,
    isDeleted: filterOn.flag,
  },
  defaultFilters: { isDeleted: false },
  sortKeys: ['themeName', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.theme,
  live: true,
});
