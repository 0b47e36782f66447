import type { Channel } from '@herald/protocol';
import { sql, type RawBuilder } from 'kysely';

/**
 * Where a subscriber is reached on each channel (docs/architecture.md § The delivery engine):
 * - email: `email`;
 * - sms and whatsapp: `phone`;
 * - line: the LINE user id, `lineUserId` in the profile's extra fields or a custom field of that name;
 * - pushnotification: an FCM registration token (`pushToken`) or a Web Push subscription (`webPush`, the
 *   browser's PushSubscription as JSON), in the extra fields or custom fields of those names;
 * - web: the subscriber's `ref`, by which the organization's site identifies its visitor;
 * - displayad: an e-mail address or a phone number, hashed before it leaves.
 * A subscriber without the channel's address is not a recipient of it.
 */
export function addressColumns(channel: Channel): RawBuilder<unknown> {
  switch (channel) {
    case 'email':
      return sql`subscriber.email`;
    case 'sms':
    case 'whatsapp':
      return sql`subscriber.phone`;
    case 'line':
      return sql`coalesce(subscriber.extra ->> 'lineUserId', subscriber.custom ->> 'lineUserId')`;
    case 'pushnotification':
      return sql`coalesce(subscriber.extra ->> 'pushToken', subscriber.custom ->> 'pushToken',
        subscriber.extra ->> 'webPush', subscriber.custom ->> 'webPush')`;
    case 'web':
      return sql`subscriber.ref`;
    case 'displayad':
      return sql`coalesce(subscriber.email, subscriber.phone)`;
  }
}

/** The condition that a subscriber has the channel's address. */
export function hasAddress(channel: Channel): RawBuilder<boolean> {
  return sql<boolean>`nullif(btrim(${addressColumns(channel)}), '') IS NOT NULL`;
}

/** A phone number as providers take it: E.164 when it starts with + or 00, else its digits as written. */
export function phoneAddress(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits;
}

/** The extra or custom field of a subscriber row by name, as text. */
export function profileText(row: { extra?: unknown; custom?: unknown }, name: string): string | undefined {
  for (const source of [row.extra, row.custom]) {
    if (typeof source !== 'object' || source === null) continue;
    const value = (source as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  }
  return undefined;
}
