import { sql, type Kysely } from 'kysely';
import { writeStartMarker } from '../database/herald-state.ts';
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

/** The `demo-data` start marker once the demo's content is in: the subscriber database comes next. */
export const DEMO_SUBSCRIBERS_START = 'content';
/** The `demo-data` start marker once the whole demo is in. */
export const DEMO_FILL_DONE = 'complete';

/** A step of the fill and how much of it is done, as the `demo-data` marker records it (`subscribers:5000`). */
interface FillProgress {
  step: 'fields' | 'subscribers' | 'lists' | 'events';
  done: number;
}

const STEPS: readonly FillProgress['step'][] = ['fields', 'subscribers', 'lists', 'events'];

function progressOf(marker: string): FillProgress {
  const [step, done] = marker.split(':');
  const known = STEPS.find((candidate) => candidate === step);
  return known ? { step: known, done: Number(done) || 0 } : { step: 'fields', done: 0 };
}

/** Whether `step` still has work past `done`, given where the fill stopped. */
function remaining(from: FillProgress, step: FillProgress['step']): number | undefined {
  const order = STEPS.indexOf(step) - STEPS.indexOf(from.step);
  if (order < 0) return undefined;
  return order === 0 ? from.done : 0;
}

/**
 * Demo Pizza Co's subscriber database: custom fields, three lists, 20,000 subscribers with realistic names,
 * places and custom values spread over the stores, memberships, about 60,000 interaction events over the last
 * six months, and each list's history so the list report has a curve to show. Rows go in as a few set-based
 * statements (unnest of arrays), which keeps a fresh start within the cold-start budget.
 *
 * Each slice commits with the `demo-data` marker saying how far the fill got, so a fill cut short goes on from
 * there (`progress`, the marker's value): the people are the same every time (a seeded generator), so the slices
 * left are the same rows they would have been. `signal` stops it before its next slice.
 */
export async function insertDemoSubscribers(
  db: Kysely<Database>,
  organizationId: number,
  storeIds: readonly number[],
  options: { signal?: AbortSignal | undefined; progress?: string } = {},
): Promise<void> {
  const from = progressOf(options.progress ?? DEMO_SUBSCRIBERS_START);
  const nextSlice = async () => {
    await turnOfTheEventLoop();
    options.signal?.throwIfAborted();
  };
  /** One slice and the marker saying it is done, in one transaction. */
  const slice = (done: string, work: (trx: Kysely<Database>) => Promise<unknown>) =>
    db.transaction().execute(async (trx) => {
      await work(trx);
      await writeStartMarker(trx, 'demo-data', done);
    });
  const random = generator(20_261_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const totalWeight = PLACES.reduce((sum, [, weight]) => sum + weight, 0);

  if (remaining(from, 'fields') !== undefined) {
    await nextSlice();
    await slice('subscribers:0', (trx) => insertDemoCustomFields(trx, organizationId));
  }

  const columns = generateDemoPeople(random, pick, totalWeight, storeIds);
  // In slices, each its own statement: the embedded database's one connection serves other callers (the
  // readiness check, a first sign-in) between them while this runs in the background.
  const subscribersDone = remaining(from, 'subscribers');
  for (let at = subscribersDone ?? DEMO_SUBSCRIBER_COUNT; at < DEMO_SUBSCRIBER_COUNT; at += SLICE) {
    await nextSlice();
    const to = Math.min(at + SLICE, DEMO_SUBSCRIBER_COUNT);
    await slice(to < DEMO_SUBSCRIBER_COUNT ? `subscribers:${to}` : 'lists:0', (trx) =>
      insertSubscriberSlice(trx, organizationId, columns, at, to),
    );
  }

  // Lists: who joins each one is decided in SQL from the subscriber id, so it needs no round trip per row.
  const listsDone = remaining(from, 'lists');
  for (let index = listsDone ?? DEMO_LISTS.length; index < DEMO_LISTS.length; index += 1) {
    await nextSlice();
    const next = index + 1 < DEMO_LISTS.length ? `lists:${index + 1}` : 'events:0';
    await slice(next, (trx) => insertDemoList(trx, organizationId, storeIds, DEMO_LISTS[index]!));
  }

  // The events follow the people in the generator's sequence, so they are drawn whether or not they are written.
  const events = { subscriber: [] as number[], kind: [] as string[], at: [] as string[] };
  const ids = (
    await db
      .selectFrom('subscriber')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('source_name', '=', 'Demo data')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
  const now = Date.now();
  for (const id of ids) {
    const count = Math.floor(random() * 7);
    for (let event = 0; event < count; event += 1) {
      events.subscriber.push(id);
      events.kind.push(pick(EVENT_KINDS));
      events.at.push(new Date(now - Math.floor(random() * 180 * 86_400_000)).toISOString());
    }
  }
  const eventsDone = remaining(from, 'events') ?? 0;
  const total = events.subscriber.length;
  for (let at = eventsDone; at < total; at += SLICE * 3) {
    await nextSlice();
    const to = Math.min(at + SLICE * 3, total);
    await slice(to < total ? `events:${to}` : DEMO_FILL_DONE, (trx) =>
      sql`
      INSERT INTO subscriber_event (organization_id, subscriber_id, kind, occurred_at, details)
      SELECT ${organizationId}, subscriber_id, kind, occurred_at::timestamptz,
        CASE WHEN kind = 'purchased' THEN jsonb_build_object('value', 12 + (subscriber_id % 40)) ELSE '{}'::jsonb END
      FROM unnest(${events.subscriber.slice(at, to)}::integer[], ${events.kind.slice(at, to)}::text[], ${events.at.slice(at, to)}::text[])
        AS t(subscriber_id, kind, occurred_at)`.execute(trx),
    );
  }
  if (total === 0) await writeStartMarker(db, 'demo-data', DEMO_FILL_DONE);
}

async function insertDemoCustomFields(db: Kysely<Database>, organizationId: number): Promise<void> {
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
}

/** Every demo subscriber's columns, drawn in order from the seeded generator. */
function generateDemoPeople(
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  totalWeight: number,
  storeIds: readonly number[],
): DemoPeople {
  const columns: DemoPeople = {
    email: [],
    firstname: [],
    lastname: [],
    gender: [],
    dob: [],
    phone: [],
    suburb: [],
    state: [],
    postcode: [],
    country: [],
    custom: [],
    partition: [],
    createdAt: [],
    unsubscribed: [],
    invalid: [],
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
  return columns;
}

interface DemoPeople {
  email: string[];
  firstname: string[];
  lastname: string[];
  gender: string[];
  dob: string[];
  phone: string[];
  suburb: string[];
  state: string[];
  postcode: string[];
  country: string[];
  custom: string[];
  partition: number[];
  createdAt: string[];
  unsubscribed: boolean[];
  invalid: boolean[];
}

async function insertSubscriberSlice(
  db: Kysely<Database>,
  organizationId: number,
  columns: DemoPeople,
  from: number,
  to: number,
): Promise<void> {
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

/** The demo's lists: name, description, and the share of the subscribers on it (percent). */
const DEMO_LISTS: ReadonlyArray<readonly [string, string, number]> = [
  ['Pizza Club Newsletter', 'Monthly news, new pizzas and member offers', 70],
  ['SMS Deals', 'Tuesday deals by text message', 35],
  ['VIP Tasting Panel', 'Regulars who taste new recipes first', 5],
];

/** One list, its members, its counts and its history. */
async function insertDemoList(
  db: Kysely<Database>,
  organizationId: number,
  storeIds: readonly number[],
  [name, description, percent]: readonly [string, string, number],
): Promise<void> {
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
