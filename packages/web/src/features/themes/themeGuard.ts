/** Why guard 9 sends someone from a theme to the themes list (platform §2), as the list's address says it. */
export type ThemeRefusal = 'themeLocked' | 'failedToLoad';

/** What the theme page knows of the theme it was asked for. */
export interface ThemeLoad {
  /** `new` (themes/new) or the id from the address. */
  id: string;
  isPending: boolean;
  failed: boolean;
  theme: { isLocked: boolean } | undefined;
}

/**
 * Platform §2 guard 9: a locked theme goes back to the list with themeLocked; a theme that fails to load (an
 * id that is not one, an error, or no theme answered) with failedToLoad. Null: open it (or wait).
 */
export function themeRefusal(load: ThemeLoad): ThemeRefusal | null {
  if (load.id === 'new') return null;
  if (!/^\d{1,10}$/.test(load.id)) return 'failedToLoad';
  if (load.failed) return 'failedToLoad';
  if (load.isPending) return null;
  if (!load.theme) return 'failedToLoad';
  return load.theme.isLocked ? 'themeLocked' : null;
}

/** The themes list's address after a refusal; the list shows the matching message. */
export function themesListAddress(organizationId: number, refusal?: ThemeRefusal): string {
  const base = `/${organizationId}/settings/themes`;
  return refusal ? `${base}?${refusal}=1` : base;
}

/** The refusal the themes list's address carries, if any. */
export function refusalOf(search: URLSearchParams): ThemeRefusal | null {
  if (search.has('themeLocked')) return 'themeLocked';
  if (search.has('failedToLoad')) return 'failedToLoad';
  return null;
}
