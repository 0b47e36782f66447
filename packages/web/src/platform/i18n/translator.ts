/**
 * The translation lookup, with no state and no React: a key is found in the interface language's strings, then
 * in English's, then the caller's defaultValue stands in, then the key itself. Herald replaced i18next with
 * this (docs/decisions/0032-light-first-scripts.md) because it used only this part of it, and i18next cost /login
 * about 14 KB of gzip.
 */

/** A locale's strings as its JSON file nests them; only string leaves are text. */
export type Translations = Record<string, unknown>;

/**
 * What `t` takes beside the key: values for the `{name}` placeholders, and the text to show when no
 * language has the key. Any value is accepted and written with String(), as i18next did.
 */
export type TOptions = Record<string, unknown> & { defaultValue?: string };

/** Text by dotted key, in the interface language. */
export type TFunction = (key: string, options?: TOptions) => string;

/**
 * The text at a dotted key ('login.submit'), or undefined. An empty string counts as missing, so the next
 * language (or the default) shows rather than nothing — i18next's returnEmptyString: false. A key that names
 * a group rather than a text is missing too. Only own properties are read, so 'toString' is no text.
 */
export function lookup(translations: Translations | undefined, key: string): string | undefined {
  let node: unknown = translations;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node !== '' ? node : undefined;
}

// The error catalogue writes placeholders as {name}; the locale files use the same markers so English is the
// catalogue word for word. Names are word characters, as the locale test checks.
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills `{name}` placeholders from `values`, in one pass: a value that itself contains `{…}` is written as is.
 * As i18next did: a value is written with String() (numbers unformatted, so 1234.5 reads '1234.5'); a name
 * given as null or undefined writes nothing; a name not given at all leaves its placeholder showing, which
 * makes a forgotten value visible rather than silently blank. Nothing is escaped: React escapes on render.
 */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * The text for `key`: from the first of `languages` (the interface language's strings, then English's) that
 * has it, else `options.defaultValue` unless empty, else the key, so a missing string shows where it is
 * missing. Whichever is chosen has its placeholders filled.
 */
export function translate(
  languages: ReadonlyArray<Translations | undefined>,
  key: string,
  options?: TOptions,
): string {
  for (const translations of languages) {
    const text = lookup(translations, key);
    if (text !== undefined) return interpolate(text, options);
  }
  const fallback = options?.defaultValue;
  return typeof fallback === 'string' && fallback !== '' ? interpolate(fallback, options) : key;
}
