import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { startServerProcess } from './support/server-process.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

const areas = areasWithSubjectChecks;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Schedules are jobs on the scheduler (docs/workflow.md § Scheduling): a queued deployment survives a restart of the
 * server, and several server processes on one PostgreSQL run each scheduled job exactly once.
 */
describe('scheduled deployments across restarts and processes', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('starts a deployment scheduled before the server stopped, once, after it starts again', async () => {
    // PGlite keeps its files in a directory of the test's; on PostgreSQL both servers share DATABASE_URL's.
    const pgliteDir = await mkdtemp(path.join(tmpdir(), 'herald-schedule-'));
    cleanups.push(() => rm(pgliteDir, { recursive: true, force: true }));
    const start = () => startTestHerald({ pgliteDataDir: pgliteDir }, { areas });
    let herald: TestHerald = await start();
    const organizationId = await createOrganization(herald, 'Restart Ramen');
    const campaignId = await addCampaign(herald, organizationId);
    const { id } = await activityInStatus(herald, organizationId, campaignId, 'approved');
    const deployer = await connectAs(herald, organizationId, ['Content.Deploy']);
    const at = new Date(Date.now() + 8000);
    const queued = await deployer.channel.request('workflow', {
      organizationId,
      activityId: id,
      action: 'queueSchedule',
      at: at.toISOString(),
    });
    expect(queued.error).toBeUndefined();
    deployer.close();
    await herald.stop();
    expect(Date.now()).toBeLessThan(at.getTime());

    herald = await start();
    cleanups.push(() => herald.stop());
    const db = herald.database.db;
    const statusOf = async () =>
      (await db.selectFrom('activity').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    // Not yet due (on a slow machine the restart may take longer; then it may already have started).
    if (Date.now() < at.getTime() - 500) expect(await statusOf()).toBe('scheduled');
    // Started: deploying, or already deployed (a run with no relay fails its few deliveries and finishes at once).
    await expect
      .poll(async () => ['deploying', 'deployed'].includes(await statusOf()), { timeout: 20_000 })
      .toBe(true);
    const started = await sql<{ at: Date }>`SELECT at FROM workflow_event
      WHERE activity_id = ${id} AND action = 'deploymentStarted'`.execute(db);
    expect(started.rows).toHaveLength(1);
    expect(started.rows[0]!.at.getTime()).toBeGreaterThanOrEqual(at.getTime());
  });

  it.runIf(process.env.DATABASE_URL)(
    'runs each scheduled job exactly once with two server processes on one PostgreSQL',
    async () => {
      // The test's own server makes the data (and runs jobs too: three runners share the queue).
      const herald = await startTestHerald({}, { areas, freshDatabase: true });
      cleanups.push(() => herald.stop());
      const db = herald.database.db;
      const servers = await Promise.all([
        startServerProcess({ DATABASE_URL: herald.config.databaseUrl! }),
        startServerProcess({ DATABASE_URL: herald.config.databaseUrl! }),
      ]);
      cleanups.push(async () => {
        for (const server of servers) await server.stop();
      });
      const organizationId = await createOrganization(herald, 'Twin Kitchens');
      const campaignId = await addCampaign(herald, organizationId);
      const ACTIVITIES = 40;
      const ids: number[] = [];
      for (let n = 0; n < ACTIVITIES; n += 1)
        ids.push((await activityInStatus(herald, organizationId, campaignId, 'approved')).id);
      // Every deployment falls due at one moment, an hourly schedule each, so the processes race for them.
      const at = new Date(Date.now() + 3000);
      await db.transaction().execute(async (trx) => {
        for (const id of ids) {
          const revision = await sql<{
            id: number;
          }>`SELECT latest_revision_id AS id FROM activity WHERE id = ${id}`.execute(trx);
          const job = await sql<{
            id: number;
          }>`INSERT INTO job (organization_id, kind, name, params, run_at, repeat, series)
            VALUES (${organizationId}, 'activityDeployment', 'Twin', ${JSON.stringify({
              activityId: id,
              revisionId: revision.rows[0]!.id,
              at: at.toISOString(),
              distribution: 'scheduled',
            })}::jsonb, ${at}, ${JSON.stringify({ every: 'hour', interval: 1, from: at.toISOString() })}::jsonb,
              ${`deployment:${id}`}) RETURNING id`.execute(trx);
          await sql`UPDATE activity SET status = 'scheduled', deployment_job_id = ${job.rows[0]!.id} WHERE id = ${id}`.execute(
            trx,
          );
        }
      });
      // Started: deploying, or already deployed (a run with no relay fails its few deliveries and may finish
      // before the poll sees it deploying).
      const started = async () =>
        (
          await sql<{ count: number }>`SELECT count(*)::integer AS count FROM activity
            WHERE id = ANY(${ids}::integer[]) AND status IN ('deploying', 'deployed')`.execute(db)
        ).rows[0]!.count;
      await expect.poll(started, { timeout: 60_000 }).toBe(ACTIVITIES);
      await sleep(1500);
      const starts = await sql<{
        activity_id: number;
        count: number;
      }>`SELECT activity_id, count(*)::integer AS count
        FROM workflow_event WHERE activity_id = ANY(${ids}::integer[]) AND action IN ('deploymentStarted', 'deploymentRun')
        GROUP BY activity_id`.execute(db);
      expect(starts.rows).toHaveLength(ACTIVITIES);
      expect(starts.rows.every((row) => row.count === 1)).toBe(true);
      const jobs = await sql<{
        status: string;
        count: number;
      }>`SELECT status, count(*)::integer AS count FROM job
        WHERE kind = 'activityDeployment' AND series = ANY(${ids.map((id) => `deployment:${id}`)}::text[])
        GROUP BY status ORDER BY status`.execute(db);
      // Each first run succeeded once, and each series holds exactly one next run, an hour later.
      expect(jobs.rows).toEqual([
        { status: 'queued', count: ACTIVITIES },
        { status: 'succeeded', count: ACTIVITIES },
      ]);
    },
    120_000,
  );
});
