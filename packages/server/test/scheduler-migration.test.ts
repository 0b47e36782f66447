import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/database/connect.ts';
import { migrateToLatest, migrations } from '../src/database/migrate.ts';

/**
 * Migration 0016 on a database written before it: export approvals move from the job columns to the approval
 * table, earlier scheduled calculation runs join their field's series, and mail waiting for a retry gets its
 * retry job.
 */
describe('migrating to one scheduler and one approval model', () => {
  let database: DatabaseHandle;
  let db: Kysely<unknown>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await openDatabase({ pgliteDataDir: 'memory://' });
    db = database.db as unknown as Kysely<unknown>;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'herald_migration',
      migrationLockTableName: 'herald_migration_lock',
    });
    const before = await migrator.migrateTo('0015-request-quotas');
    if (before.error) throw before.error;
    const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(db)).rows[0]!.id;
    ids.organization = await one(sql`INSERT INTO organization (name) VALUES ('Old') RETURNING id`);
    ids.asker = await one(sql`INSERT INTO user_account (email) VALUES ('asker@example.test') RETURNING id`);
    ids.admin = await one(sql`INSERT INTO user_account (email) VALUES ('admin@example.test') RETURNING id`);
    const job = (status: string, extra: ReturnType<typeof sql>) =>
      one(sql`INSERT INTO job (organization_id, kind, status, params, created_by, created_at, approval_required,
          approved_by, approved_at, finished_at)
        VALUES (${ids.organization}, 'export', ${status}, '{}', ${ids.asker}, '2026-01-01T10:00:00Z', ${extra})
        RETURNING id`);
    ids.pending = await job('queued', sql`true, NULL, NULL, NULL`);
    ids.approved = await job(
      'succeeded',
      sql`true, ${ids.admin}, '2026-01-01T11:00:00Z', '2026-01-01T11:01:00Z'`,
    );
    ids.refused = await job('cancelled', sql`true, NULL, NULL, '2026-01-01T12:00:00Z'`);
    ids.plain = await job('succeeded', sql`false, NULL, NULL, '2026-01-01T10:01:00Z'`);
    ids.scheduled = await one(sql`INSERT INTO job (organization_id, kind, status, params)
      VALUES (${ids.organization}, 'calculation', 'succeeded', '{"customFieldId": 7, "dueAt": "2026-01-02T06:00:00.000Z"}')
      RETURNING id`);
    ids.waiting =
      await one(sql`INSERT INTO outbox (recipient, subject, body, attempts, next_attempt_at, error)
      VALUES ('late@example.test', 'Your code', '1', 1, '2026-01-01T10:05:00Z', 'busy') RETURNING id`);
    ids.sent = await one(sql`INSERT INTO outbox (recipient, subject, body, attempts, sent_at)
      VALUES ('done@example.test', 'Your code', '2', 1, now()) RETURNING id`);
    expect(await migrateToLatest(db)).toContain('0016-scheduler-approvals');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('moves export approvals to the approval table and drops the job columns', async () => {
    const approvals = await database.db
      .selectFrom('approval')
      .select(['subject_kind', 'subject_id', 'requested_by', 'decision', 'decided_by', 'decided_at'])
      .orderBy('subject_id')
      .execute();
    expect(approvals).toEqual([
      {
        subject_kind: 'job',
        subject_id: ids.pending,
        requested_by: ids.asker,
        decision: 'pending',
        decided_by: null,
        decided_at: null,
      },
      {
        subject_kind: 'job',
        subject_id: ids.approved,
        requested_by: ids.asker,
        decision: 'approved',
        decided_by: ids.admin,
        decided_at: new Date('2026-01-01T11:00:00Z'),
      },
      {
        subject_kind: 'job',
        subject_id: ids.refused,
        requested_by: ids.asker,
        decision: 'rejected',
        decided_by: null,
        decided_at: new Date('2026-01-01T12:00:00Z'),
      },
    ]);
    const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_name = 'job' AND column_name LIKE 'approv%'`.execute(db);
    expect(columns.rows).toEqual([]);
  });

  it('puts earlier scheduled runs in their series at their slot, and queues retries for waiting mail', async () => {
    const scheduled = await database.db
      .selectFrom('job')
      .select(['series', 'run_at'])
      .where('id', '=', ids.scheduled!)
      .executeTakeFirstOrThrow();
    expect(scheduled).toEqual({ series: 'calculation:7', run_at: new Date('2026-01-02T06:00:00Z') });
    const retries = await database.db
      .selectFrom('job')
      .select(['organization_id', 'status', 'params', 'run_at'])
      .where('kind', '=', 'mailRetry')
      .execute();
    expect(retries).toEqual([
      {
        organization_id: null,
        status: 'queued',
        params: { outboxId: ids.waiting },
        run_at: new Date('2026-01-01T10:05:00Z'),
      },
    ]);
  });
});
