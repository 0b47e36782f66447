import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import {
  BatchConflictError,
  mergeBatch,
  stagingLine,
  type MergePlan,
  type PreparedBatch,
} from '../src/imports/merge-batch.ts';
import type { ValidRow } from '../src/imports/validate-row.ts';
import { refreshListStats } from '../src/lists/list-stats.ts';
import { addList, addSubscriber } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

function row(email: string, lastname: string): ValidRow {
  return {
    email,
    emailKey: email.toLowerCase(),
    ref: null,
    profile: { lastname },
    custom: null,
    extra: null,
  };
}

function batchOf(plan: MergePlan, rows: ValidRow[]): PreparedBatch {
  return {
    rowsRead: rows.length,
    validRows: rows.length,
    staging: new TextEncoder().encode(
      rows.map((valid, index) => stagingLine(plan, index + 2, valid)).join(''),
    ),
    rejected: 0,
    rejections: new Uint8Array(0),
  };
}

// The merge inserts new subscribers with a plain INSERT (imports/merge-batch.ts says why): a subscriber created
// by another writer between the match and the insert must roll the batch back as a BatchConflictError, which
// the import answers by merging the batch again.
describe('merging an import batch', () => {
  let herald: TestHerald;
  let organizationId: number;
  let plan: MergePlan;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const listId = await addList(herald, organizationId, 'Merged');
    plan = {
      organizationId,
      jobId: 1,
      listId,
      updateExisting: false,
      markUnsubscribed: false,
      listOption: 'optin',
      sourceName: 'merge test',
      partitionIds: [],
      profileFields: ['lastname'],
      hasCustom: false,
      hasExtra: false,
      hasEmail: true,
      hasRef: false,
    };
  });
  afterAll(() => herald?.stop());

  const textOf = (statement: RawBuilder<unknown>) => statement.compile(herald.database.db).sql;

  const countOf = async (table: 'subscriber' | 'list_membership') =>
    Number(
      (
        await herald.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('rolls the batch back when a subscriber of it is created meanwhile, and matches it on the next try', async () => {
    const batch = batchOf(plan, [row('Meanwhile@Example.test', 'Ng'), row('fresh@example.test', 'Abe')]);
    const attempt = herald.database.copyTransaction((session) =>
      mergeBatch(
        {
          ...session,
          run: async (statement) => {
            // Another writer creates one of the batch's subscribers after the match, just before the insert.
            if (textOf(statement).includes('INSERT INTO subscriber ('))
              await session.run(sql`INSERT INTO subscriber (organization_id, email)
                VALUES (${organizationId}, 'meanwhile@example.test')`);
            return session.run(statement);
          },
        },
        plan,
        batch,
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(BatchConflictError);
    expect(await countOf('subscriber')).toBe(0);
    expect(await countOf('list_membership')).toBe(0);

    // That writer commits; the batch merged again matches its subscriber and creates only the other one.
    await addSubscriber(herald, organizationId, { email: 'meanwhile@example.test' });
    const counts = await herald.database.copyTransaction((session) => mergeBatch(session, plan, batch));
    expect(counts).toMatchObject({ created: 1, updated: 0, skipped: 1, matched: 1 });
    expect(await countOf('subscriber')).toBe(2);
  });

  it('lets any other database error through unchanged', async () => {
    const batch = batchOf(plan, [row('other-error@example.test', 'Ode')]);
    const attempt = herald.database.copyTransaction((session) =>
      mergeBatch(
        {
          ...session,
          run: <Row>(statement: RawBuilder<Row>) =>
            textOf(statement).includes('INSERT INTO subscriber (')
              ? session.run(sql<Row>`SELECT 1 / 0`)
              : session.run(statement),
        },
        plan,
        batch,
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: '22012' });
  });

  it("counts the new subscribers into the list's statistics as it writes them, as a recount would", async () => {
    const listId = await addList(herald, organizationId, 'Counted as written');
    const stats = () =>
      herald.database.db
        .selectFrom('subscriber_list')
        .select(['subscriber_count', 'contactable_count', 'unsubscribed_count', 'invalid_count'])
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
    const subscribed = { ...plan, listId };
    await herald.database.copyTransaction((session) =>
      mergeBatch(
        session,
        subscribed,
        batchOf(subscribed, [row('one@counted.test', 'A'), row('two@counted.test', 'B')]),
      ),
    );
    const unsubscribed = { ...plan, listId, markUnsubscribed: true };
    await herald.database.copyTransaction((session) =>
      mergeBatch(session, unsubscribed, batchOf(unsubscribed, [row('three@counted.test', 'C')])),
    );
    const written = await stats();
    expect(written).toEqual({
      subscriber_count: 3,
      contactable_count: 2,
      unsubscribed_count: 1,
      invalid_count: 0,
    });
    await refreshListStats(herald.database.db, organizationId, listId);
    expect(await stats()).toEqual(written);
  });

  it('inserts a batch expected new without looking its rows up, and merges it the ordinary way when one exists', async () => {
    const listId = await addList(herald, organizationId, 'Expected new');
    const listed = { ...plan, listId, updateExisting: true };
    const statements: string[] = [];
    const watched = (session: Parameters<Parameters<typeof herald.database.copyTransaction>[0]>[0]) => ({
      ...session,
      run: <Row>(statement: RawBuilder<Row>) => {
        statements.push(textOf(statement));
        return session.run(statement);
      },
    });
    const fresh = await herald.database.copyTransaction((session) =>
      mergeBatch(
        watched(session),
        listed,
        batchOf(listed, [row('new-one@expected.test', 'A'), row('new-two@expected.test', 'B')]),
        async () => {},
        { expectNew: true },
      ),
    );
    expect(fresh).toEqual({ created: 2, updated: 0, skipped: 0, matched: 0, expectedNewInVain: false });
    expect(statements.some((text) => text.includes('UPDATE import_staging'))).toBe(false);

    // One row of the next batch exists already (by its e-mail, in another case): the whole insert rolls back to
    // the savepoint, and the batch is matched, the existing subscriber updated and the other one created, once.
    await addSubscriber(herald, organizationId, { email: 'Existing@Expected.test' });
    const before = await countOf('subscriber');
    const mixed = await herald.database.copyTransaction((session) =>
      mergeBatch(
        session,
        listed,
        batchOf(listed, [row('new-three@expected.test', 'C'), row('existing@expected.test', 'Ex')]),
        async () => {},
        { expectNew: true },
      ),
    );
    expect(mixed).toEqual({ created: 1, updated: 1, skipped: 0, matched: 1, expectedNewInVain: true });
    expect(await countOf('subscriber')).toBe(before + 1);
    const members = await herald.database.db
      .selectFrom('list_membership')
      .innerJoin('subscriber', 'subscriber.id', 'list_membership.subscriber_id')
      .select('subscriber.email')
      .where('list_membership.list_id', '=', listId)
      .orderBy('subscriber.email')
      .execute();
    expect(members.map((member) => member.email)).toEqual([
      'Existing@Expected.test',
      'new-one@expected.test',
      'new-three@expected.test',
      'new-two@expected.test',
    ]);
    const list = await herald.database.db
      .selectFrom('subscriber_list')
      .select('subscriber_count')
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    // Counted as written: the three new subscribers (the existing one joining is counted by the import's recount).
    expect(list.subscriber_count).toBe(3);
  });
});
