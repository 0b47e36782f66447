import { STANDARD_PROFILE_FIELDS, type StandardProfileField } from '@herald/protocol';

/** A recipient's profile as the renderer reads it: a subscriber record or a test profile both fit. */
export type RecipientProfile = Partial<Record<StandardProfileField, unknown>> & {
  id?: number | null;
  custom?: Record<string, unknown> | null;
};

/** Everything one recipient's copy of the content depends on. */
export interface Recipient {
  subscriber: RecipientProfile;
  /** Signed per recipient by the delivery engine; a preview passes its own. */
  unsubscribeUrl: string;
  viewOnlineUrl: string;
  organization: { name: string };
}

/**
 * The names a template sees (PROTOCOL §7): `subscriber` with the standard profile fields, `id` and
 * `subscriber.custom.<field>`, `organization.name`, `unsubscribe_url` and `view_online_url`. An e-mail body also
 * sees `preheader`, its rendered preheader.
 */
export interface LiquidScope {
  subscriber: Record<string, unknown>;
  organization: { name: string };
  unsubscribe_url: string;
  view_online_url: string;
  preheader?: string;
}

/**
 * Builds a recipient's scope. Only the known fields are copied, so whatever else the caller's record carries
 * (scores, timestamps, internal flags of a future record) stays out of templates until it is chosen. An empty
 * or blank value becomes null: to a marketer an empty field is a missing one, and Liquid treats "" as true
 * in `{% if %}`, which would greet a subscriber with no first name as "Hi ,".
 */
export function recipientScope(recipient: Recipient): LiquidScope {
  const profile = recipient.subscriber;
  const subscriber: Record<string, unknown> = { id: profile.id ?? null };
  for (const field of STANDARD_PROFILE_FIELDS) subscriber[field] = presentValue(profile[field]);
  // fromEntries defines each field as an own property, so a field called `__proto__` stays a field.
  subscriber.custom = Object.fromEntries(
    Object.entries(profile.custom ?? {}).map(([name, value]) => [name, presentValue(value)]),
  );
  return {
    subscriber,
    organization: { name: recipient.organization.name },
    unsubscribe_url: recipient.unsubscribeUrl,
    view_online_url: recipient.viewOnlineUrl,
  };
}

function presentValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}
