import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { refreshListStats } from '../lists/list-stats.ts';
import { DOMAINS, EVENT_KINDS, FIRST_NAMES, LAST_NAMES, PIZZAS, PLACES, TIERS } from './demo-people.ts';
import { CONTACTABLE } from '../lists/list-counts.ts';

/** How many demo subscribers Demo Pizza Co gets (docs/guide.md § The demo data). */
export const DEMO_SUBSCRIBER_COUNT = 20_000;
/** Rows per statement (events: three times as many). */
const SLICE = 2_500;

/**
 * Lets waiting I/O (a readiness check, a sign-in) run: PGlite executes in this thread, and statements that
 * follow one another through promises alone would never give the event loop a turn.
 */
function turnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A small seeded generator, so every fresh start shows the same demo people. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Demo Pizza Co's subscriber database: custom fields, three lists, 20,000 subscribers with realistic names,
 * places and custom values spread over the stores, memberships, about 60,000 interaction events over the last
 * six months, and each list's history so the list report has a curve to show. Rows go in as a few set-based
 * statements (unnest of arrays), which keeps a fresh start within the cold-start budget.
 */
export async function insertDemoSubscribers(
  db: Kysely<Database>,
  organizationId: number,
  storeIds: readonly number[],
): Promise<void> {
  const random = generator(20_261_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const totalWeight = PLACES.reduce((sum, [, weight]) => sum + weight, 0);

  await db
    .insertInto('custom_field')
    .values(
      [
        [
          'loyalty_tier',
          'Loyalty',
          'Pizza Club tier',
          { dataType: 'text', values: ['bronze', 'silver', 'gold'] },
        ],
        ['favourite_pizza', 'Preferences', 'The pizza they order most', { dataType: 'text' }],
        ['points', 'Loyalty', 'Pizza Club points balance', { dataType: 'number' }],
        ['birthday_club', 'Preferences', 'Wants a birthday treat', { dataType: 'boolean' }],
      ].map(([field, group, description, schema]) => ({
        organization_id: organizationId,
        type: 'subscriber',
        field: field as string,
        group_name: group as string,
        description: description as string,
        schema: JSON.stringify(schema),
        calculation: JSON.stringify({ kind: 'static' }),
      })),
    )
    .execute();

  const columns = {
    email: [] as string[],
    firstname: [] as string[],
    lastname: [] as string[],
    gender: [] as string[],
    dob: [] as string[],
    phone: [] as string[],
    suburb: [] as string[],
    state: [] as string[],
    postcode: [] as string[],
    country: [] as string[],
    custom: [] as string[],
    partition: [] as number[],
    createdAt: [] as string[],
    unsubscribed: [] as boolean[],
    invalid: [] as boolean[],
  };
  const now = Date.now();
  for (let index = 0; index < DEMO_SUBSCRIBER_COUNT; index += 1) {
    const firstname = pick(FIRST_NAMES);
    const lastname = pick(LAST_NAMES);
    let roll = random() * totalWeight;
    const place = PLACES.find(([, weight]) => (roll -= weight) < 0) ?? PLACES[0]!;
    const [suburb, state, postcode] = pick(place[2]);
    const local = `${firstname}.${lastname}`.toLowerCase().replace(/[^a-z.]/g, '');
    columns.email.push(`${local}${index + 1}@${pick(DOMAINS)}`);
    columns.firstname.push(firstname);
    columns.lastname.push(lastname);
    columns.gender.push(random() < 0.5 ? 'F' : 'M');
    columns.dob.push(
      new Date(
        Date.UTC(1950 + Math.floor(random() * 55), Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
      )
        .toISOString()
        .slice(0, 10),
    );
    columns.phone.push(`+61 4${String(Math.floor(random() * 1e8)).padStart(8, '0')}`);
    columns.suburb.push(suburb);
    columns.state.push(state);
    columns.postcode.push(postcode);
    columns.country.push(place[0]);
    columns.custom.push(
      JSON.stringify({
        loyalty_tier: pick(TIERS),
        favourite_pizza: pick(PIZZAS),
        points: Math.floor(random() * 5000),
        birthday_club: random() < 0.4,
      }),
    );
    columns.partition.push(pick(storeIds));
    columns.createdAt.push(new Date(now - Math.floor(random() * 365 * 86_400_000)).toISOString());
    columns.unsubscribed.push(random() < 0.04);
    columns.invalid.push(random() < 0.015);
  }
  // In slices, each its own statement: the embedded database's one connection serves other callers (the
  // readiness check, a first sign-in) between them while this runs in the background.
  for (let from = 0; from < DEMO_SUBSCRIBER_COUNT; from += SLICE) {
    await turnOfTheEventLoop();
    const to = from + SLICE;
    await sql`
      INSERT INTO subscriber (organization_id, email, firstname, lastname, gender, dob, phone, suburb, state, postcode,
        country, custom, partition_ids, source_name, created_at, updated_at, is_unsubscribed, is_invalid)
      SELECT ${organizationId}, email, firstname, lastname, gender, dob::date, phone, suburb, state, postcode, country,
        custom::jsonb, ARRAY[partition], 'Demo data', created_at::timestamptz, created_at::timestamptz, unsubscribed, invalid
      FROM unnest(${columns.email.slice(from, to)}::text[], ${columns.firstname.slice(from, to)}::text[], ${columns.lastname.slice(from, to)}::text[],
        ${columns.gender.slice(from, to)}::text[], ${columns.dob.slice(from, to)}::text[], ${columns.phone.slice(from, to)}::text[], ${columns.suburb.slice(from, to)}::text[],
        ${columns.state.slice(from, to)}::text[], ${columns.postcode.slice(from, to)}::text[], ${columns.country.slice(from, to)}::text[], ${columns.custom.slice(from, to)}::text[],
        ${columns.partition.slice(from, to)}::integer[], ${columns.createdAt.slice(from, to)}::text[], ${columns.unsubscribed.slice(from, to)}::boolean[],
        ${columns.invalid.slice(from, to)}::boolean[])
        AS t(email, firstname, lastname, gender, dob, phone, suburb, state, postcode, country, custom, partition,
          created_at, unsubscribed, invalid)`.execute(db);
  }

  // Lists: who joins each one is decided in SQL from the subscriber id, so it needs no round trip per row.
  const lists: Array<[string, string, number]> = [
    ['Pizza Club Newsletter', 'Monthly news, new pizzas and member offers', 70],
    ['SMS Deals', 'Tuesday deals by text message', 35],
    ['VIP Tasting Panel', 'Regulars who taste new recipes first', 5],
  ];
  for (const [name, description, percent] of lists) {
    await turnOfTheEventLoop();
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name, description, partition_ids: [...storeIds] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO list_membership (list_id, subscriber_id, organization_id, is_list_unsubscribed, list_option,
        source_name, created_at, updated_at)
      SELECT ${list.id}, id, organization_id, (id * 7919) % 100 < 3, 'optin', 'Demo data', created_at, created_at
      FROM subscriber WHERE organization_id = ${organizationId} AND (id * 104729 + ${list.id}) % 100 < ${percent}`.execute(
      db,
    );
    await refreshListStats(db, organizationId, list.id);
    // The list's history: the members it had at the end of each of the last 180 days, as running sums of the
    // members who joined each day (those who joined before the window count on its first day).
    await sql`
      INSERT INTO list_stats_day (list_id, organization_id, day, subscribers, contactable, unsubscribed, invalid)
      SELECT ${list.id}, ${organizationId}, day, sum(joined) OVER running, sum(contactable) OVER running,
        sum(unsubscribed) OVER running, sum(invalid) OVER running
      FROM (
        SELECT series.day::date AS day, coalesce(joined.joined, 0) AS joined,
          coalesce(joined.contactable, 0) AS contactable, coalesce(joined.unsubscribed, 0) AS unsubscribed,
          coalesce(joined.invalid, 0) AS invalid
        FROM generate_series(current_date - 180, current_date - 1, interval '1 day') AS series(day)
        LEFT JOIN (
          SELECT greatest((m.created_at AT TIME ZONE 'UTC')::date, current_date - 180) AS day, count(*) AS joined,
            count(*) FILTER (WHERE ${CONTACTABLE}) AS contactable,
            count(*) FILTER (WHERE m.is_list_unsubscribed OR s.is_unsubscribed) AS unsubscribed,
            count(*) FILTER (WHERE s.is_invalid) AS invalid
          FROM list_membership m JOIN subscriber s ON s.id = m.subscriber_id
          WHERE m.list_id = ${list.id}
          GROUP BY 1
        ) AS joined ON joined.day = series.day::date
      ) AS days
      WINDOW running AS (ORDER BY day)
      ON CONFLICT (list_id, day) DO NOTHING`.execute(db);
  }

  const events = { subscriber: [] as number[], kind: [] as string[], at: [] as string[] };
  const ids = (
    await db.selectFrom('subscriber').select('id').where('organization_id', '=', organizationId).execute()
  ).map((row) => row.id);
  for (const id of ids) {
    const count = Math.floor(random() * 7);
    for (let event = 0; event < count; event += 1) {
      events.subscriber.push(id);
      events.kind.push(pick(EVENT_KINDS));
      events.at.push(new Date(now - Math.floor(random() * 180 * 86_400_000)).toISOString());
    }
  }
  for (let from = 0; from < events.subscriber.length; from += SLICE * 3) {
    await turnOfTheEventLoop();
    await sql`
      INSERT INTO subscriber_event (organization_id, subscriber_id, kind, occurred_at, details)
      SELECT ${organizationId}, subscriber_id, kind, occurred_at::timestamptz,
        CASE WHEN kind = 'purchased' THEN jsonb_build_object('value', 12 + (subscriber_id % 40)) ELSE '{}'::jsonb END
      FROM unnest(${events.subscriber.slice(from, from + SLICE * 3)}::integer[], ${events.kind.slice(from, from + SLICE * 3)}::text[], ${events.at.slice(from, from + SLICE * 3)}::text[])
        AS t(subscriber_id, kind, occurred_at)`.execute(db);
  }
}
