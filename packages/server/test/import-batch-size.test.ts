import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsKeeper } from '../src/database/table-upkeep.ts';
import { asBackgroundWork } from '../src/database/work-context.ts';
import { planImportColumns } from '../src/imports/import-columns.ts';
import { importLimits } from '../src/imports/import-limits.ts';
import type { MergePlan } from '../src/imports/merge-batch.ts';
import { prepareBatchesInWorker } from '../src/imports/prepare-in-worker.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/**
 * On the embedded database an import holds the one connection for a batch's whole transaction, so it takes
 * short batches while people use the console and long ones otherwise: the database tells how long
 * ago interactive work last asked for the connection, jobs' own work not counted, and the parsing worker
 * prepares each batch at the size the import asks for then.
 */
describe("an import's batch size", () => {
  let herald: TestHerald;
  let dir: string;

  beforeAll(async () => {
    herald = await startTestHerald();
    dir = await mkdtemp(path.join(tmpdir(), 'herald-batch-size-'));
  });
  afterAll(async () => {
    await herald?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('follows when interactive work last used the embedded database, not background work', async (context) => {
    const since = herald.database.sinceInteractiveWork;
    if (herald.database.kind !== 'pglite' || !since) return context.skip();
    // Each "just used" is checked against the time since that use began, which a loaded machine cannot break.
    let began = performance.now();
    await sql`SELECT 1`.execute(herald.database.db);
    expect(since()).toBeLessThanOrEqual(performance.now() - began + 1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await asBackgroundWork(() => sql`SELECT 1`.execute(herald.database.db));
    expect(since()).toBeGreaterThanOrEqual(60);
    began = performance.now();
    await sql`SELECT 1`.execute(herald.database.db);
    expect(since()).toBeLessThanOrEqual(performance.now() - began + 1);
  });

  it("does not count a screen following a job's progress as browsing, but counts a page", async (context) => {
    const since = herald.database.sinceInteractiveWork;
    // Only the embedded database shares one connection with people; PostgreSQL's batches never shorten.
    if (herald.database.kind !== 'pglite' || !since) return context.skip();
    const organizationId = await createOrganization(herald);
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { session, sessionId } = await signedIn(herald, admin);
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    try {
      await new Promise((resolve) => setTimeout(resolve, 60));
      // The import page polls its job every 2 s: watching, so the import keeps its long batches.
      await channel.call('query', { organizationId, query: { type: 'job', filter: { id: 1 } } });
      expect(since()).toBeGreaterThanOrEqual(60);
      const began = performance.now();
      await channel.call('query', { organizationId, query: { type: 'subscriber', limit: 25 } });
      expect(since()).toBeLessThanOrEqual(performance.now() - began + 1);
    } finally {
      channel.close();
      session.close();
    }
  });

  it('is what the import asks for as it asks for each batch', async () => {
    const file = path.join(dir, 'rows.csv');
    const lines = ['email'];
    for (let n = 1; n <= 1_000; n += 1) lines.push(`size${n}@example.test`);
    await writeFile(file, `${lines.join('\n')}\n`);
    const plan: MergePlan = {
      organizationId: 1,
      jobId: 1,
      listId: undefined,
      updateExisting: false,
      markUnsubscribed: false,
      listOption: 'optin',
      sourceName: 'sizes',
      partitionIds: [],
      profileFields: [],
      hasCustom: false,
      hasExtra: false,
      hasEmail: true,
      hasRef: false,
    };
    // Long batches, then someone opens a page: short ones, then nobody again.
    const asked = [400, 100, 100, 250];
    let request = 0;
    const prepared = await prepareBatchesInWorker(
      {
        upload: { path: file, fileType: 'csv', encoding: 'utf-8' },
        columns: planImportColumns(['email'], new Map()),
        plan,
        batchRows: 400,
        skipRows: 0,
        limits: importLimits,
      },
      () => asked[Math.min(request++, asked.length - 1)]!,
    );
    const sizes: number[] = [];
    for await (const batch of prepared.batches) sizes.push(batch.rowsRead);
    expect(sizes).toEqual([400, 100, 100, 250, 150]);
  });
});

describe("the planner's statistics while an import grows the table", () => {
  let herald: TestHerald;
  beforeAll(async () => {
    herald = await startTestHerald();
  });
  afterAll(() => herald?.stop());

  it('are refreshed each time the table has about doubled, not after every batch', async () => {
    const db = herald.database.db;
    const organizationId = await createOrganization(herald);
    const estimate = async () =>
      (
        await sql<{ rows: number }>`SELECT reltuples::bigint::integer AS rows FROM pg_class
          WHERE oid = 'subscriber'::regclass`.execute(db)
      ).rows[0]!.rows;
    await sql`ANALYZE subscriber`.execute(db);
    const keeper = await statisticsKeeper(herald.database, ['subscriber'], 1_000);
    const before = await estimate();
    const add = (from: number, count: number) =>
      sql`INSERT INTO subscriber (organization_id, email)
        SELECT ${organizationId}, 'grown' || n || '@example.test' FROM generate_series(${from}::integer, ${from + count - 1}::integer) AS n`.execute(
        db,
      );
    // Less than the minimum: no analysis, the estimate stays as it was.
    await add(1, 500);
    await keeper.grew(500);
    expect(await estimate()).toBe(before);
    // Past it (and past the table's size at the last analysis): analyzed, the estimate now counts the new rows.
    const more = Math.max(before, 1_000) + 500;
    await add(501, more);
    await keeper.grew(more);
    expect(await estimate()).toBeGreaterThanOrEqual(before + more);
  });
});
