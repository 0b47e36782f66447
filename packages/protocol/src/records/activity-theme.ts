import { z } from 'zod';
import { RESOURCE_ACCESS } from '../resources/access.ts';
import { defineResource, filterOn } from '../resources/define.ts';

/**
 * The style an activity theme starts from (functional §3 Activity theme: "a style sub-object merged over
 * defaults"): the e-mail theme's defaults of functional §3, flat, as the editor's style panel holds them.
 */
export const ACTIVITY_THEME_STYLE_DEFAULTS = {
  width: '600px',
  fontFamily: 'Helvetica, Arial, sans-serif',
  fontSize: '14px',
  lineHeight: '1.5',
  textColor: '#1f2937',
  backgroundColor: '#f4f4f5',
  contentBackgroundColor: '#ffffff',
  linkColor: '#1d4ed8',
  buttonBackgroundColor: '#1d4ed8',
  buttonTextColor: '#ffffff',
  buttonBorderRadius: '20px',
  buttonHeight: '40px',
} as const;

/** The most characters an activity theme's content (JSON text) may have. */
export const ACTIVITY_THEME_CONTENT_MAX_CHARACTERS = 200_000;

/** An activity theme as the `activityTheme` query answers it (functional §3). */
export const activityThemeRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** JSON text of an object whose `style` holds ACTIVITY_THEME_STYLE_DEFAULTS merged under what was saved. */
  content: z.string(),
  lastUpdated: z.string(),
  isDeleted: z.boolean(),
});
export type ActivityThemeRecord = z.infer<typeof activityThemeRecordSchema>;

export const activityThemeResource = defineResource({
  type: 'activityTheme',
  description:
    'Activity themes (functional §3, §7): a named style an activity’s content takes. Query by `id`, or all ' +
    '(deleted ones left out unless `isDeleted` is filtered). Written by saveActivityTheme, deleteActivityTheme ' +
    '(soft, isDeleted) and copyActivityTheme (isCopied). `content` is JSON text whose `style` object is the ' +
    'defaults (ACTIVITY_THEME_STYLE_DEFAULTS) with the saved style merged over them.',
  record: activityThemeRecordSchema,
  write: undefined,
  filters: { id: filterOn.key, name: filterOn.name, isDeleted: filterOn.flag },
  defaultFilters: { isDeleted: false },
  sortKeys: ['name', 'lastUpdated'],
  defaultSortKey: 'name',
  defaultSortOrder: 'asc',
  searchable: true,
  ...RESOURCE_ACCESS.activityTheme,
  live: true,
});
