import type { ValidationDetail } from '@herald/protocol';

/**
 * PostgreSQL stores no NUL character in text or jsonb, and a lone surrogate half is no character at all (JSON
 * encoders write it, UTF-8 cannot). Either would reach the database and fail there as ApplicationError, or be
 * stored mangled; the dispatcher refuses both in any string of a command's params, keys included, before the
 * command runs.
 */
export function unstorableText(value: unknown, path = 'params', depth = 0): ValidationDetail | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : detail(path);
  // Params are parsed JSON of at most 1 MiB: deep nesting is refused by the schemas, not looked into here.
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableText(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorable(key)) return detail(`${path}.${key}`);
    const found = unstorableText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

function detail(path: string): ValidationDetail {
  return {
    path: path === 'params' ? path : path.slice('params.'.length),
    message: 'Text may not contain the NUL character or a lone surrogate',
  };
}
