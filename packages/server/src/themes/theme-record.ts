import { themeSettingsSchema, type ThemeRecord, type ThemeSettings } from '@herald/protocol';
import { sql } from 'kysely';

export interface ThemeRow {
  id: number;
  settings: Record<string, unknown>;
  is_locked: boolean;
  is_deleted: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export const THEME_SELECT = sql<ThemeRow>`theme.id, theme.settings, theme.is_locked, theme.is_deleted,
  theme.created_at, theme.updated_at, theme.version`;

/**
 * The record of a row. Settings are read through the contract's schema, so a theme stored before a group was
 * added answers that group's defaults.
 */
export function themeRecord(row: ThemeRow): ThemeRecord {
  const settings: ThemeSettings = themeSettingsSchema.parse(row.settings);
  return {
    ...settings,
    id: row.id,
    isLocked: row.is_locked,
    isDeleted: row.is_deleted,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}
