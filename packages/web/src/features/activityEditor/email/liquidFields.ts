/** The profile fields a template sees as `subscriber.<field>` (PROTOCOL §7), in the order people use them. */
export const PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'title',
  'phone',
  'suburb',
  'state',
  'postcode',
  'country',
] as const;

/** The links every recipient has their own of. */
export const LINK_FIELDS = ['unsubscribe_url', 'view_online_url'] as const;

/** The Liquid name of a field choice: `subscriber.firstname`, `subscriber.custom.tier`, `unsubscribe_url`. */
export type FieldPath = string;

/**
 * The Liquid output for a field, with its fallback for a recipient who lacks it:
 * `{{ subscriber.firstname | default: "there" }}`. A fallback's double quotes become single ones, which would
 * otherwise end the Liquid string.
 */
export function liquidField(path: FieldPath, fallback = ''): string {
  const text = fallback.replace(/"/g, "'").replace(/[{}%]/g, '').trim();
  return text ? `{{ ${path} | default: "${text}" }}` : `{{ ${path} }}`;
}

/** Whether a custom field's name can be written as a Liquid path (`subscriber.custom.<field>`) as it is. */
export function isPlainFieldName(field: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(field);
}

/** A custom field's Liquid path; a name with other characters is read by key. */
export function customFieldPath(field: string): FieldPath {
  return isPlainFieldName(field)
    ? `subscriber.custom.${field}`
    : `subscriber.custom["${field.replace(/"/g, '')}"]`;
}

/** Text with `insert` put in place of the selection from `start` to `end` (an input's caret when equal). */
export function insertAt(text: string, insert: string, start: number | null, end: number | null): string {
  const from = start ?? text.length;
  const to = end ?? from;
  return text.slice(0, from) + insert + text.slice(to);
}
