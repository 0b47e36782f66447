import { defineArea } from '../area.ts';
import { activityThemeResource } from './activity-theme-resource.ts';
import { themeOrganizationCommands } from './commands.ts';
import { themeResource } from './theme-resource.ts';

/** E-mail themes (writeRecords) and activity themes (their own commands). */
export const themesArea = defineArea({
  name: 'themes',
  organizationCommands: themeOrganizationCommands,
  resources: [themeResource, activityThemeResource],
});
