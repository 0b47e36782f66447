import type { SubscriberRecord } from '@herald/protocol';
import { sql } from 'kysely';

/** The select list of every subscriber read (query, commands, exports); dates come back as YYYY-MM-DD text. */
export const SUBSCRIBER_SELECT = sql`subscriber.id, subscriber.email, subscriber.ref, subscriber.title,
  subscriber.firstname, subscriber.lastname, subscriber.gender, subscriber.dob::text AS dob, subscriber.phone,
  subscriber.address, subscriber.address2, subscriber.address3, subscriber.suburb, subscriber.state,
  subscriber.postcode, subscriber.country, subscriber.cluster_id, subscriber.notifications,
  subscriber.resume_date::text AS resume_date, subscriber.extra, subscriber.custom, subscriber.partition_ids,
  subscriber.is_invalid, subscriber.is_unsubscribed, subscriber.scores, subscriber.source_name,
  subscriber.anonymized_at, subscriber.created_at, subscriber.updated_at, subscriber.version`;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Functional §3's derived display name: the full name, else the e-mail, else the ref, else the id. */
export function displayNameOf(row: Record<string, unknown>): string {
  const name = [row.firstname, row.lastname]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return name || text(row.email) || text(row.ref) || `#${String(row.id)}`;
}

export function subscriberRecord(row: Record<string, unknown>): SubscriberRecord {
  return {
    id: Number(row.id),
    displayName: displayNameOf(row),
    email: text(row.email),
    ref: text(row.ref),
    title: text(row.title),
    firstname: text(row.firstname),
    lastname: text(row.lastname),
    gender: text(row.gender),
    dob: text(row.dob),
    phone: text(row.phone),
    address: text(row.address),
    address2: text(row.address2),
    address3: text(row.address3),
    suburb: text(row.suburb),
    state: text(row.state),
    postcode: text(row.postcode),
    country: text(row.country),
    cluster_id: row.cluster_id === null || row.cluster_id === undefined ? null : Number(row.cluster_id),
    notifications: text(row.notifications),
    resume_date: text(row.resume_date),
    extra: (row.extra ?? {}) as Record<string, unknown>,
    is_invalid: Boolean(row.is_invalid),
    is_unsubscribed: Boolean(row.is_unsubscribed),
    custom: (row.custom ?? {}) as Record<string, unknown>,
    partitionIds: (row.partition_ids ?? []) as number[],
    scores: (row.scores ?? {}) as Record<string, number | null>,
    sourceName: text(row.source_name),
    anonymizedAt: row.anonymized_at ? iso(row.anonymized_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
  };
}
