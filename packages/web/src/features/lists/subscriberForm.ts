import { PROFILE_FIELD_ORDER, WRITABLE_PROFILE_FIELDS } from '@herald/protocol';
import type { CustomFieldDataType } from '@herald/protocol';

/**
 * The profile fields the add-subscriber form offers: the writable ones (functional §3) in the contract's
 * profile order, `extra` left out (free JSON is for imports).
 */
export const ADD_SUBSCRIBER_FIELDS = PROFILE_FIELD_ORDER.filter(
  (field): field is AddSubscriberField =>
    field !== 'extra' && (WRITABLE_PROFILE_FIELDS as readonly string[]).includes(field),
);
export type AddSubscriberField = Exclude<(typeof WRITABLE_PROFILE_FIELDS)[number], 'extra'>;

export interface SubscriberFormValues {
  profile: Record<string, string>;
  custom: Record<string, string>;
}

/** A custom field's typed value from its text: numbers and booleans as such, empty as absent. */
export function customValue(
  text: string,
  dataType: CustomFieldDataType,
): string | number | boolean | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (dataType === 'number') {
    const value = Number(trimmed);
    return Number.isFinite(value) ? value : trimmed;
  }
  if (dataType === 'boolean') return trimmed === 'true';
  return trimmed;
}

/** The writeRecords record (type subscriber) for the form: filled fields only, joined to `listId`. */
export function subscriberCreateOf(
  values: SubscriberFormValues,
  dataTypes: Record<string, CustomFieldDataType>,
  listId: number,
): Record<string, unknown> {
  const record: Record<string, unknown> = { listIds: [listId] };
  for (const field of ADD_SUBSCRIBER_FIELDS) {
    const value = values.profile[field]?.trim() ?? '';
    if (value !== '') record[field] = value;
  }
  const custom: Record<string, string | number | boolean | null> = {};
  for (const [field, text] of Object.entries(values.custom)) {
    const value = customValue(text, dataTypes[field] ?? 'text');
    if (value !== undefined) custom[field] = value;
  }
  if (Object.keys(custom).length > 0) record.custom = custom;
  return record;
}

/**
 * Field errors from a refused write's validation details, keyed `email` or `custom.<field>`: a detail's path
 * names the field at its end (`data.0.email`, `custom.tier`).
 */
export function fieldErrorsOf(
  details: ReadonlyArray<{ path: string; message: string }> | undefined,
  customFields: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details ?? []) {
    const parts = detail.path.split('.');
    const last = parts[parts.length - 1] ?? '';
    const beforeLast = parts[parts.length - 2];
    if (beforeLast === 'custom' && customFields.includes(last)) errors[`custom.${last}`] ??= detail.message;
    else if ((ADD_SUBSCRIBER_FIELDS as readonly string[]).includes(last)) errors[last] ??= detail.message;
  }
  return errors;
}

/** What the form itself can tell: an e-mail or phone is needed to reach anyone, and a valid e-mail shape. */
export function validateSubscriberForm(
  values: SubscriberFormValues,
): Record<string, 'contactRequired' | 'emailInvalid'> {
  const email = values.profile.email?.trim() ?? '';
  const phone = values.profile.phone?.trim() ?? '';
  if (email === '' && phone === '') return { email: 'contactRequired' };
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { email: 'emailInvalid' };
  return {};
}
