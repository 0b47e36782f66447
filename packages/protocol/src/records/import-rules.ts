/**
 * Import rules (platform §3: organization settings `import.rules`): global and per-list
 * disallowSubscriberUpload, and global disallowNewLists. Read without zod: the web's shell checks them on every
 * organization page (platform §2 guard 10), and zod would weigh 26 KB gzip on the first dashboard
 * (docs/decisions/0032-light-first-scripts.md).
 */
export interface ImportRules {
  disallowSubscriberUpload: boolean;
  disallowNewLists: boolean;
  lists: Record<string, { disallowSubscriberUpload: boolean }>;
}

const NO_RULES: ImportRules = { disallowSubscriberUpload: false, disallowNewLists: false, lists: {} };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A flag as stored: absent is false; anything but a boolean makes the document unreadable (undefined). */
function flagOf(value: unknown): boolean | undefined {
  if (value === undefined) return false;
  return typeof value === 'boolean' ? value : undefined;
}

/** The rules of a stored document, or undefined when any part of it is malformed. */
function readRules(document: unknown): ImportRules | undefined {
  if (!isObject(document)) return undefined;
  const disallowSubscriberUpload = flagOf(document.disallowSubscriberUpload);
  const disallowNewLists = flagOf(document.disallowNewLists);
  if (disallowSubscriberUpload === undefined || disallowNewLists === undefined) return undefined;
  const stored = document.lists ?? {};
  if (!isObject(stored)) return undefined;
  const lists: ImportRules['lists'] = {};
  for (const [listId, rule] of Object.entries(stored)) {
    if (!isObject(rule)) return undefined;
    const flag = flagOf(rule.disallowSubscriberUpload);
    if (flag === undefined) return undefined;
    lists[listId] = { disallowSubscriberUpload: flag };
  }
  return { disallowSubscriberUpload, disallowNewLists, lists };
}

/**
 * Reads `settings.import.rules`, which may be stored as an object or as JSON text. A document that is missing
 * or malformed in any part allows everything, as it always has: a typo must not lock an organization out.
 */
export function importRulesOf(settings: Record<string, unknown> | undefined): ImportRules {
  const section = settings?.import;
  let rules = isObject(section) ? section.rules : undefined;
  if (typeof rules === 'string') {
    try {
      rules = JSON.parse(rules) as unknown;
    } catch {
      rules = undefined;
    }
  }
  return readRules(rules ?? {}) ?? { ...NO_RULES, lists: {} };
}

/** Whether subscribers may be uploaded or added to a list (globally, or to that list). */
export function subscriberUploadAllowed(rules: ImportRules, listId?: number): boolean {
  if (rules.disallowSubscriberUpload) return false;
  return listId === undefined || !rules.lists[String(listId)]?.disallowSubscriberUpload;
}
