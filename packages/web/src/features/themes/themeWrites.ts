import type { ThemeRecord, ThemeSettings, ThemeWrite } from '@herald/protocol';

/** A theme's settings, without the record's id, state and version. */
export function settingsOf(theme: ThemeRecord): ThemeSettings {
  const {
    id: _id,
    isLocked: _isLocked,
    isDeleted: _isDeleted,
    createdAt: _c,
    updatedAt: _u,
    version: _v,
    ...settings
  } = theme;
  return settings;
}

/** A new theme with the settings of another, under a new name; a copy starts unlocked. */
export function copyOfTheme(settings: ThemeSettings, themeName: string): ThemeWrite {
  return { ...settings, themeName, policies: { lock: false } };
}

/** The write that saves the form: a new theme, or every group of an existing one with the version read. */
export function themeSave(settings: ThemeSettings, stored: ThemeRecord | undefined): ThemeWrite {
  return stored ? { ...settings, id: stored.id, version: stored.version } : settings;
}
