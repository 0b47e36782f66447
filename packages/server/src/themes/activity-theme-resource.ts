import { resourceDefinitions } from '@herald/protocol';
import { implementResource } from '../query/resources.ts';
import { ACTIVITY_THEME_SELECT, activityThemeRecord } from './activity-themes.ts';

/** Activity themes (functional §3, §7): read by head office; written by the activity theme commands. */
export const activityThemeResource = implementResource({
  definition: resourceDefinitions.activityTheme,
  table: 'activity_theme',
  select: ACTIVITY_THEME_SELECT,
  toRecord: activityThemeRecord,
  filters: {
    id: { column: 'activity_theme.id' },
    name: { column: 'activity_theme.name' },
    isDeleted: { column: 'activity_theme.is_deleted' },
  },
  sortable: { name: 'name', lastUpdated: 'updated_at' },
  search: ['activity_theme.name', 'activity_theme.description'],
});
