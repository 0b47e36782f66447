import type { ThemeSettings } from '@herald/protocol';
import { useCallback } from 'react';
import { useRecords, type TypedRecord } from '../../../platform/list/useRecords.ts';

export type EmailTheme = TypedRecord<'theme'>;

/** The most themes the editor offers, by name: far more than an organization keeps. */
const THEME_LIMIT = 100;
const THEME_ORDER = 'themeName';

/**
 * The organization's themes the e-mail may take (deleted ones left out, as the query does by default), and
 * the settings of one by id once loaded, for writing the MJML and drawing the canvas.
 */
export function useEmailThemes(): {
  themes: EmailTheme[];
  themeOf: (themeId: number | undefined) => ThemeSettings | undefined;
} {
  const result = useRecords('theme', {
    limit: THEME_LIMIT,
    offset: 0,
    sortKey: THEME_ORDER,
    sortOrder: 'asc',
  });
  const records = result.data?.records;
  const themeOf = useCallback(
    (themeId: number | undefined) =>
      themeId === undefined ? undefined : records?.find((theme) => theme.id === themeId),
    [records],
  );
  return { themes: records ?? [], themeOf };
}
