/**
 * Feature flags (platform §6, settings.advanced): beta features on, plus a newline-separated list of keys.
 * A key written `!key` excludes that feature, so an organization can switch one off without deleting the
 * line that enabled it.
 */
/** The feature key that opens the credential pages and commands (platform §6). */
export const INTEGRATIONS_FEATURE = 'integrations';

export interface FeatureKeys {
  enabled: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
}

export interface FeatureSettings {
  enableBetaFeatures: boolean;
  /** As stored in settings.advanced: one key per line. */
  featureKeys: string;
}

/** Lines are trimmed and blank lines skipped, since the list is typed by hand in a text area. */
export function parseFeatureKeys(text: string): FeatureKeys {
  const enabled = new Set<string>();
  const excluded = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const key = line.trim();
    if (key.startsWith('!')) {
      const excludedKey = key.slice(1).trim();
      if (excludedKey) excluded.add(excludedKey);
    } else if (key) {
      enabled.add(key);
    }
  }
  return { enabled, excluded };
}

/** On only with beta features on, the key listed, and no `!key` line anywhere in the list. */
export function isFeatureEnabled(feature: string, settings: FeatureSettings): boolean {
  if (!settings.enableBetaFeatures) return false;
  const keys = parseFeatureKeys(settings.featureKeys);
  return keys.enabled.has(feature) && !keys.excluded.has(feature);
}
