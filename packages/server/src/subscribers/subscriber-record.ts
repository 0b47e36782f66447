import type { SubscriberRecord } from '@herald/protocol';
import { sql, type Selectable } from 'kysely';
import type { SubscriberTable } from './tables.ts';

/** A subscriber as SUBSCRIBER_SELECT reads it. */
export type SubscriberRow = Omit<Selectable<SubscriberTable>, 'organization_id'>;

/** The select list of every subscriber read (query, commands, exports); dates come back as YYYY-MM-DD text. */
export const SUBSCRIBER_SELECT = sql<SubscriberRow>`subscriber.id, subscriber.email, subscriber.ref, subscriber.title,
  subscriber.firstname, subscriber.lastname, subscriber.gender, subscriber.dob::text AS dob, subscriber.phone,
  subscriber.address, subscriber.address2, subscriber.address3, subscriber.suburb, subscriber.state,
  subscriber.postcode, subscriber.country, subscriber.cluster_id, subscriber.notifications,
  subscriber.resume_date::text AS resume_date, subscriber.extra, subscriber.custom, subscriber.partition_ids,
  subscriber.is_invalid, subscriber.is_unsubscribed, subscriber.scores, subscriber.source_name,
  subscriber.anonymized_at, subscriber.created_at, subscriber.updated_at, subscriber.version`;

const iso = (value: Date) => new Date(value).toISOString();

/** Functional §3's derived display name: the full name, else the e-mail, else the ref, else the id. */
export function displayNameOf(
  row: Pick<SubscriberRow, 'id' | 'firstname' | 'lastname' | 'email' | 'ref'>,
): string {
  const name = [row.firstname, row.lastname]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return name || row.email || row.ref || `#${row.id}`;
}

export function subscriberRecord(row: SubscriberRow): SubscriberRecord {
  return {
    id: row.id,
    displayName: displayNameOf(row),
    email: row.email,
    ref: row.ref,
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    gender: row.gender,
    dob: row.dob,
    phone: row.phone,
    address: row.address,
    address2: row.address2,
    address3: row.address3,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    cluster_id: row.cluster_id,
    notifications: row.notifications,
    resume_date: row.resume_date,
    extra: row.extra,
    is_invalid: row.is_invalid,
    is_unsubscribed: row.is_unsubscribed,
    custom: row.custom,
    partitionIds: row.partition_ids,
    scores: row.scores,
    sourceName: row.source_name,
    anonymizedAt: row.anonymized_at ? iso(row.anonymized_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}
