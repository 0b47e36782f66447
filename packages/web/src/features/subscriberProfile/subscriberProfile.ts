import type { ResourceRecord } from '@herald/protocol';
import type { StandardProfileField, SubscriberRecord } from '@herald/protocol';

export type Subscriber = ResourceRecord<'subscriber'>;

export type SubscriberBadge = 'unsubscribed' | 'invalid' | 'anonymized';

export function subscriberBadges(
  subscriber: Pick<SubscriberRecord, 'is_unsubscribed' | 'is_invalid' | 'anonymizedAt'>,
): SubscriberBadge[] {
  const badges: SubscriberBadge[] = [];
  if (subscriber.anonymizedAt) badges.push('anonymized');
  if (subscriber.is_unsubscribed) badges.push('unsubscribed');
  if (subscriber.is_invalid) badges.push('invalid');
  return badges;
}

/** A standard field's stored value as text ('' for none); booleans answer null so the page words them. */
export function standardFieldText(subscriber: SubscriberRecord, field: StandardProfileField): string | null {
  const value: unknown = subscriber[field];
  if (typeof value === 'boolean') return null;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '' : JSON.stringify(value);
  return String(value);
}

/**
 * ValidationError details that name a custom field (`custom.tier`, `data.custom.tier`, or a path array),
 * by field, so the page shows each message on its field. Others are left to the form's alert.
 */
export function customFieldErrors(
  details: ReadonlyArray<{ path?: unknown; message?: unknown }> | undefined,
  fields: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details ?? []) {
    const path = Array.isArray(detail.path) ? detail.path.map(String) : String(detail.path ?? '').split('.');
    const at = path.lastIndexOf('custom');
    const field = at >= 0 ? path[at + 1] : undefined;
    if (field && fields.includes(field) && typeof detail.message === 'string') errors[field] = detail.message;
  }
  return errors;
}

/** The typed confirmation of an irreversible action: the word asked for, ignoring case and outer spaces. */
export function confirmationMatches(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.trim().toLocaleLowerCase() && word.trim() !== '';
}

/** An event's details as short "name: value" pairs for the timeline (nested values as JSON). */
export function eventDetailEntries(details: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]): [string, string] => [
      name,
      typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]);
}
