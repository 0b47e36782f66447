import {
  HeraldError,
  importRulesOf,
  isValidEmailAddress,
  subscriberCreateSchema,
  subscriberUploadAllowed,
  type SubscriberCreate,
  type SubscriberRecord,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { parseWrite } from '../query/write-helpers.ts';
import { checkTarget } from '../targets/target-input.ts';
import { checkCustomValue, subscriberFieldRules } from './custom-values.ts';
import { SUBSCRIBER_SELECT, subscriberRecord, type SubscriberRow } from './subscriber-record.ts';
import { subscriberSearchCondition } from './subscriber-search.ts';

const positiveInteger = (value: unknown, path: string): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw validation(path, 'Expected a list id');
  return value;
};

/**
 * Subscribers (functional §3). `filter.listId` keeps the members of a list (`filter.listUnsubscribed` narrows to
 * those unsubscribed from it or not); `filter.target` keeps those a target expression (text or JSON tree, PROTOCOL
 * §6) matches; `query.search` matches an exact e-mail or phone, or the start of a name or ref
 * (subscriber-search.ts). Partition-restricted users see only subscribers of their partitions.
 */
export const subscriberResource = implementResource({
  definition: resourceDefinitions.subscriber,
  table: 'subscriber',
  select: SUBSCRIBER_SELECT,
  toRecord: subscriberRecord,
  filters: {
    id: { column: 'subscriber.id' },
    email: { column: 'subscriber.email' },
    ref: { column: 'subscriber.ref' },
    firstname: { column: 'subscriber.firstname' },
    lastname: { column: 'subscriber.lastname' },
    country: { column: 'subscriber.country' },
    gender: { column: 'subscriber.gender' },
    dob: { column: 'subscriber.dob' },
    isUnsubscribed: { column: 'subscriber.is_unsubscribed' },
    isInvalid: { column: 'subscriber.is_invalid' },
    partitionIds: { column: 'subscriber.partition_ids' },
    sourceName: { column: 'subscriber.source_name' },
    createdAt: { column: 'subscriber.created_at' },
    updatedAt: { column: 'subscriber.updated_at' },
    listId: {
      custom: (value) =>
        sql`EXISTS (SELECT 1 FROM list_membership m WHERE m.list_id = ${positiveInteger(value, 'query.filter.listId')}
          AND m.subscriber_id = subscriber.id)`,
    },
    listUnsubscribed: {
      custom: (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw validation(
            'query.filter.listUnsubscribed',
            'Expected {"listId": …, "unsubscribed": true|false}',
          );
        const { listId, unsubscribed } = value as { listId?: unknown; unsubscribed?: unknown };
        if (typeof unsubscribed !== 'boolean')
          throw validation('query.filter.listUnsubscribed.unsubscribed', 'Expected true or false');
        return sql`EXISTS (SELECT 1 FROM list_membership m WHERE m.list_id = ${positiveInteger(listId, 'query.filter.listUnsubscribed.listId')}
          AND m.subscriber_id = subscriber.id AND m.is_list_unsubscribed = ${unsubscribed})`;
      },
    },
    target: {
      custom: async (value, { db, actor }) =>
        (await checkTarget(db, actor, value, 'query.filter.target')).condition,
    },
  },
  sortable: {
    // Ignoring case, on the unique index of lower(email) (migration 0039).
    email: { ignoringCase: 'email' },
    firstname: 'firstname',
    lastname: 'lastname',
    country: 'country',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: subscriberSearchCondition,
  partitionColumn: 'subscriber.partition_ids',
  estimateTotalsAbove: 2_000,
  write: createSubscribers,
});

/**
 * writeRecords type `subscriber` adds new subscribers (the add-subscriber form); an existing subscriber is
 * changed through updateSubscriber and setSubscriberStatus, whose rules (standard fields locked) differ.
 */
async function createSubscribers(
  trx: Transaction<Database>,
  actor: Actor,
  data: readonly unknown[],
): Promise<SubscriberRecord[]> {
  const written: SubscriberRecord[] = [];
  for (const [index, item] of data.entries()) {
    if (typeof item === 'object' && item !== null && 'id' in item)
      throw validation(`data.${index}.id`, 'Change an existing subscriber with updateSubscriber');
    written.push(
      await createSubscriber(trx, actor, parseWrite(subscriberCreateSchema, item, index), `data.${index}`),
    );
  }
  return written;
}

async function createSubscriber(
  trx: Transaction<Database>,
  actor: Actor,
  input: SubscriberCreate,
  path: string,
): Promise<SubscriberRecord> {
  const email = input.email?.trim() || null;
  const phone = input.phone?.trim() || null;
  if (email === null && phone === null)
    throw validation(`${path}.email`, 'A subscriber needs an e-mail address or a phone number');
  if (email !== null && !isValidEmailAddress(email)) throw new HeraldError('EmailNotValidError');
  const partitionIds = [...new Set(input.partitionIds ?? [])];
  await checkPartitions(trx, actor, partitionIds, `${path}.partitionIds`);
  if (actor.partitionIds !== undefined && partitionIds.length === 0)
    throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');

  const custom: Record<string, string | number | boolean | null> = {};
  if (input.custom) {
    const rules = await subscriberFieldRules(trx, actor.organizationId);
    for (const [name, value] of Object.entries(input.custom)) {
      const rule = rules.get(name.toLowerCase());
      if (!rule) throw validation(`${path}.custom.${name}`, 'Unknown custom field');
      const checked = checkCustomValue(rule, value);
      if ('reason' in checked) throw validation(`${path}.custom.${name}`, checked.reason);
      if (checked.value !== null) custom[rule.field] = checked.value;
    }
  }

  const listIds = [...new Set(input.listIds ?? [])];
  if (listIds.length > 0) {
    const organization = await trx
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    const rules = importRulesOf(organization.settings);
    for (const listId of listIds)
      if (!subscriberUploadAllowed(rules, listId)) throw new HeraldError('SubscriberUploadNotAllowedError');
    let lists = trx
      .selectFrom('subscriber_list')
      .select('id')
      .where('organization_id', '=', actor.organizationId)
      .where('id', 'in', listIds)
      .where('is_archived', '=', false);
    if (actor.partitionIds !== undefined)
      lists = lists.where(sql<boolean>`partition_ids && ${actor.partitionIds}::integer[]`);
    if ((await lists.execute()).length !== listIds.length)
      throw validation(`${path}.listIds`, 'Unknown list');
  }

  const inserted = (
    await sql<SubscriberRow>`
      INSERT INTO subscriber (organization_id, email, title, firstname, lastname, gender, dob, phone, address,
        address2, address3, suburb, state, postcode, country, notifications, resume_date, extra, custom,
        partition_ids, source_name)
      VALUES (${actor.organizationId}, ${email}, ${input.title ?? null}, ${input.firstname ?? null},
        ${input.lastname ?? null}, ${input.gender ?? null}, ${input.dob ?? null}::date, ${phone},
        ${input.address ?? null}, ${input.address2 ?? null}, ${input.address3 ?? null}, ${input.suburb ?? null},
        ${input.state ?? null}, ${input.postcode ?? null}, ${input.country ?? null}, ${input.notifications ?? null},
        ${input.resume_date ?? null}::date, ${JSON.stringify(input.extra ?? {})}::jsonb, ${JSON.stringify(custom)}::jsonb,
        ${partitionIds}::integer[], ${input.sourceName ?? 'manual'})
      ON CONFLICT DO NOTHING
      RETURNING ${SUBSCRIBER_SELECT}`.execute(trx)
  ).rows[0];
  if (!inserted) throw validation(`${path}.email`, 'A subscriber with this e-mail address already exists');
  const subscriberId = inserted.id;
  if (listIds.length > 0) {
    await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id, list_option, source_name)
      SELECT list_id, ${subscriberId}, ${actor.organizationId}, 'optin', ${input.sourceName ?? 'manual'}
      FROM unnest(${listIds}::integer[]) AS list_id`.execute(trx);
    // A new subscriber is contactable on each list it joins: the counts move by one rather than being recounted
    // (a recount of a million-member list per added person would cost more than the addition).
    await sql`UPDATE subscriber_list SET last_updated = now(), subscriber_count = subscriber_count + 1,
        contactable_count = contactable_count + 1, stats_updated_at = now()
      WHERE id = ANY(${listIds}::integer[]) AND organization_id = ${actor.organizationId}`.execute(trx);
    await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, list_id)
      SELECT ${actor.organizationId}, ${subscriberId}, 'listsubscribed', list_id FROM unnest(${listIds}::integer[]) AS list_id`.execute(
      trx,
    );
  }
  return subscriberRecord(inserted);
}
