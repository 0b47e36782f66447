import { sql } from 'kysely';
import { createUser, organizationConnection, signedIn } from './support/factories.ts';
import type { CalculatedRules } from '../src/calculations/calculated-field.ts';
import type { TestHerald } from './support/herald.ts';

/**
 * Rows for the subscriber, list, custom-field and export tests, written with SQL (the query resources and
 * the demo seed are other areas').
 */
export async function connectAs(
  herald: TestHerald,
  organizationId: number,
  roles: string[],
  partitionsets: number[] = [],
) {
  const user = await createUser(herald, [{ organizationId, roles, partitionsets }]);
  const { session, sessionId } = await signedIn(herald, user);
  const channel = await organizationConnection(herald, session, sessionId, organizationId);
  const { token } = await session.call<{ token: string }>('getOrganizationToken', {
    sessionId,
    organizationId,
  });
  return {
    user,
    channel,
    session,
    sessionId,
    token,
    close() {
      channel.close();
      session.close();
    },
  };
}

export async function addPartition(herald: TestHerald, organizationId: number, name: string) {
  const db = herald.database.db;
  const set = await db
    .insertInto('partition_set')
    .values({ organization_id: organizationId, name: `${name} set` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const partition = await db
    .insertInto('partition')
    .values({ organization_id: organizationId, partition_set_id: set.id, name, custom_fields: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { setId: set.id, partitionId: partition.id };
}

export async function addSubscriber(
  herald: TestHerald,
  organizationId: number,
  fields: {
    email?: string | null;
    firstname?: string | null;
    lastname?: string | null;
    custom?: Record<string, unknown>;
    partitionIds?: number[];
    isInvalid?: boolean;
    isUnsubscribed?: boolean;
  } = {},
): Promise<number> {
  const row = await herald.database.db
    .insertInto('subscriber')
    .values({
      organization_id: organizationId,
      email:
        fields.email === undefined ? `s-${Math.random().toString(36).slice(2)}@example.test` : fields.email,
      firstname: fields.firstname ?? null,
      lastname: fields.lastname ?? null,
      custom: JSON.stringify(fields.custom ?? {}),
      extra: '{}',
      scores: '{}',
      partition_ids: fields.partitionIds ?? [],
      is_invalid: fields.isInvalid ?? false,
      is_unsubscribed: fields.isUnsubscribed ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addList(
  herald: TestHerald,
  organizationId: number,
  name: string,
  partitionIds: number[] = [],
): Promise<number> {
  const row = await herald.database.db
    .insertInto('subscriber_list')
    .values({ organization_id: organizationId, name, partition_ids: partitionIds })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addMember(
  herald: TestHerald,
  organizationId: number,
  listId: number,
  subscriberId: number,
  options: { unsubscribed?: boolean; listOption?: string } = {},
): Promise<void> {
  await herald.database.db
    .insertInto('list_membership')
    .values({
      organization_id: organizationId,
      list_id: listId,
      subscriber_id: subscriberId,
      is_list_unsubscribed: options.unsubscribed ?? false,
      list_option: options.listOption ?? 'optin',
      source_name: 'test',
    })
    .execute();
}

export async function addCustomField(
  herald: TestHerald,
  organizationId: number,
  field: string,
  options: { type?: string; dataType?: string; values?: string[]; validationRegex?: string } = {},
): Promise<number> {
  const row = await herald.database.db
    .insertInto('custom_field')
    .values({
      organization_id: organizationId,
      type: options.type ?? 'subscriber',
      field,
      schema: JSON.stringify({
        dataType: options.dataType ?? 'text',
        ...(options.values ? { values: options.values } : {}),
      }),
      validation_regex: options.validationRegex ?? null,
      calculation: '{"kind":"static"}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function subscriberRow(herald: TestHerald, id: number): Promise<Record<string, unknown>> {
  const rows = await sql<Record<string, unknown>>`SELECT * FROM subscriber WHERE id = ${id}`.execute(
    herald.database.db,
  );
  return rows.rows[0] ?? {};
}

/** A calculated field's rules: a daily round-robin split over everyone, unless `overrides` says otherwise. */
export function calculatedRules(overrides: Partial<CalculatedRules>): CalculatedRules {
  return {
    kind: 'calculated',
    target: '',
    ruleType: 'roundRobinSplit',
    ruleAction: 'updateMatching',
    frequency: 'daily',
    startAt: null,
    interval: null,
    rules: [],
    ...overrides,
  };
}
