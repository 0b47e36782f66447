import type { TemplateRecord } from '@herald/protocol';

/** Where the template list is kept between visits (functional §7: the template list is cached locally). */
export function templateCacheKey(organizationId: number): string {
  return `herald.templates.${organizationId}`;
}

/** The storage the cache reads and writes (localStorage in the browser; anything alike in tests). */
export type TemplateCacheStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The cached template list of an organization, or null when there is none. A read that fails (storage
 * refused, or what is stored is not a list) is only a warning (functional §8): the live fetch follows anyway.
 */
export function readCachedTemplates(
  storage: TemplateCacheStorage | undefined,
  organizationId: number,
  warn: (message: string, error: unknown) => void,
): TemplateRecord[] | null {
  try {
    if (!storage) throw new Error('No storage');
    const text = storage.getItem(templateCacheKey(organizationId));
    if (text === null) return null;
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error('The cached template list is not a list');
    return parsed as TemplateRecord[];
  } catch (error) {
    warn('The cached template list could not be read; fetching it live', error);
    return null;
  }
}

/** Keeps the list for the next visit; a storage that refuses (full, private mode) is not the page's problem. */
export function writeCachedTemplates(
  storage: TemplateCacheStorage | undefined,
  organizationId: number,
  templates: readonly TemplateRecord[],
): void {
  try {
    storage?.setItem(templateCacheKey(organizationId), JSON.stringify(templates));
  } catch {
    // Only a cache.
  }
}
