import type { Translations } from './translator.ts';

const isGroup = (value: unknown): value is Translations =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `added` laid over `existing`, group by group, as a new object (neither input is changed, so a bundle handed in
 * stays the caller's and a `t` already given out never sees half a merge). Where both have a text, or a text and
 * a group, `overwrite` decides which stays; English's late strings are added with overwrite off, so nothing
 * already shown changes under the reader. Keys such as '__proto__' are skipped: the data is JSON from outside
 * this module, and must not reach an object's prototype.
 */
export function mergeTranslations(
  existing: Translations,
  added: Translations,
  overwrite: boolean,
): Translations {
  const merged: Translations = { ...existing };
  for (const [name, value] of Object.entries(added)) {
    if (name === '__proto__') continue;
    const current = Object.hasOwn(merged, name) ? merged[name] : undefined;
    if (current === undefined) merged[name] = value;
    else if (isGroup(current) && isGroup(value)) merged[name] = mergeTranslations(current, value, overwrite);
    else if (overwrite) merged[name] = value;
  }
  return merged;
}
