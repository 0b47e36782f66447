import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
/** A PostgreSQL `date`, read back as 'YYYY-MM-DD' text where selected with ::text. */
type DateText = ColumnType<string | null, string | null | undefined, string | null>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface SubscribersTables {
  subscriber: SubscriberTable;
  list_membership: ListMembershipTable;
  subscriber_event: SubscriberEventTable;
  subscriber_event_tally: SubscriberEventTallyTable;
}

/** Functional §3 Subscriber: unique per organization by lower(email) and by ref. */
export interface SubscriberTable {
  id: Generated<number>;
  organization_id: number;
  email: string | null;
  ref: string | null;
  title: string | null;
  firstname: string | null;
  lastname: string | null;
  gender: string | null;
  dob: DateText;
  phone: string | null;
  address: string | null;
  address2: string | null;
  address3: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  cluster_id: number | null;
  notifications: string | null;
  resume_date: DateText;
  extra: Json<Record<string, unknown>>;
  custom: Json<Record<string, unknown>>;
  partition_ids: ColumnType<number[], number[] | undefined, number[]>;
  is_invalid: Generated<boolean>;
  is_unsubscribed: Generated<boolean>;
  scores: Json<Record<string, number | null>>;
  source_name: string | null;
  anonymized_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A subscriber on a list, with the list-level fields is_list_unsubscribed and list_option. */
export interface ListMembershipTable {
  list_id: number;
  subscriber_id: number;
  organization_id: number;
  is_list_unsubscribed: Generated<boolean>;
  list_option: string | null;
  source_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One entry of the interaction history: sent, opened, clicked, purchased … */
export interface SubscriberEventTable {
  id: Generated<number>;
  organization_id: number;
  subscriber_id: number;
  kind: string;
  occurred_at: Timestamp;
  activity_id: number | null;
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
  list_id: number | null;
  details: Json<Record<string, unknown>>;
}

/** How many events of each kind a subscriber has had (migration 0025, kept by triggers on subscriber_event). */
export interface SubscriberEventTallyTable {
  organization_id: number;
  kind: string;
  subscriber_id: number;
  count: number;
}
