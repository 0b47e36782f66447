import { resourceDefinitions, themeWriteSchema } from '@herald/protocol';
import { implementResource } from '../query/resources.ts';
import { writeEach } from '../query/write-helpers.ts';
import { THEME_SELECT, themeRecord } from './theme-record.ts';
import { writeTheme } from './write-theme.ts';

/**
 * E-mail themes (functional §3 Theme): read by head office, written by content editors through writeRecords,
 * which announces the changes. Not partitioned: a partition-restricted user sees none.
 */
export const themeResource = implementResource({
  definition: resourceDefinitions.theme,
  table: 'theme',
  select: THEME_SELECT,
  toRecord: themeRecord,
  filters: {
    id: { column: 'theme.id' },
    themeName: { column: 'theme.theme_name' },
    isLocked: { column: 'theme.is_locked' },
    isDeleted: { column: 'theme.is_deleted' },
  },
  sortable: { themeName: 'theme_name', updatedAt: 'updated_at' },
  search: ['theme.theme_name'],
  write: writeEach(themeWriteSchema, writeTheme),
});
