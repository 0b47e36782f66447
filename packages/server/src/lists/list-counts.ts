import { sql } from 'kysely';

// A list's four counts, in one place: the stored statistics, a restricted user's counts within their partitions,
// and the demo's history all count with these. They read `list_membership m JOIN subscriber s`.

/**
 * The contract's isContactable in SQL: on the list and not unsubscribed from it, not globally unsubscribed,
 * not invalid, not anonymized.
 */
export const CONTACTABLE = sql`NOT m.is_list_unsubscribed AND NOT s.is_unsubscribed AND NOT s.is_invalid
  AND s.anonymized_at IS NULL`;

/** The counts as integer columns subscribers, contactable, unsubscribed and invalid. */
export const LIST_COUNTS = sql`count(*)::integer AS subscribers,
  count(*) FILTER (WHERE ${CONTACTABLE})::integer AS contactable,
  count(*) FILTER (WHERE m.is_list_unsubscribed OR s.is_unsubscribed)::integer AS unsubscribed,
  count(*) FILTER (WHERE s.is_invalid)::integer AS invalid`;

export interface ListCounts {
  subscribers: number;
  contactable: number;
  unsubscribed: number;
  invalid: number;
}
