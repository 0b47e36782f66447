import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatCheckRuns, recoverAbandonedChecks } from '../src/workflow/check-runs.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

/** The workflow tests' engine: a subject containing "SLOW" holds the run until it is aborted. */
const areas = areasWithSubjectChecks;

/**
 * A check runs in the process that took the command; one whose process stopped must not leave its activity
 * `checking` for ever (docs/workflow.md § Checks left running). The server is restarted on one embedded
 * database on disk, so what the first process left is what the second finds.
 */
describe('checks left running when the server stops', () => {
  let directory: string;
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  const onDisk = () => ({ databaseUrl: undefined, pgliteDataDir: directory });
  const start = () => startTestHerald(onDisk(), { areas });

  const statusOf = async (activityId: number) =>
    (
      await herald.database.db
        .selectFrom('activity')
        .select(['status', 'version'])
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).status;
  const logOf = (activityId: number) =>
    herald.database.db
      .selectFrom('workflow_event')
      .select(['action', 'from_status', 'to_status', 'user_id', 'details'])
      .where('activity_id', '=', activityId)
      .orderBy('id')
      .execute();
  const runOf = (activityId: number) =>
    herald.database.db
      .selectFrom('activity_check_run')
      .selectAll()
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  /** An activity `checking` under a run of `processId` that last beat `beatAgoMs` ago. */
  const checkingUnder = async (processId: string, beatAgoMs: number | null) => {
    const activity = await activityInStatus(herald, organizationId, campaignId, 'checking');
    await sql`INSERT INTO activity_check_run (activity_id, organization_id, process_id, run_id, heartbeat_at)
      VALUES (${activity.id}, ${organizationId}, ${processId}, ${`run-${activity.id}`},
        ${beatAgoMs === null ? null : new Date(Date.now() - beatAgoMs)})`.execute(herald.database.db);
    return activity;
  };

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'herald-checks-'));
    herald = await start();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    campaignId = await addCampaign(herald, organizationId);
  });
  afterAll(async () => {
    await herald?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('records a running check under this process, beats for it, and removes it with the outcome', async () => {
    const { channel, close } = await connectAs(herald, organizationId, ['Content.Edit']);
    try {
      const slow = await activityInStatus(herald, organizationId, campaignId, 'draft', { subject: 'SLOW' });
      const running = channel.request('workflow', { organizationId, activityId: slow.id, action: 'check' });
      await expect.poll(() => runOf(slow.id)).toMatchObject({ process_id: herald.services.jobs.processId });
      const before = (await runOf(slow.id))!.heartbeat_at!;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await beatCheckRuns(herald.database.db, herald.services.jobs.processId);
      expect((await runOf(slow.id))!.heartbeat_at!.getTime()).toBeGreaterThan(before.getTime());
      await channel.call('workflow', { organizationId, activityId: slow.id, action: 'cancelCheck' });
      expect((await running).error?.type).toBe('CheckCancelledError');
      expect(await runOf(slow.id)).toBeUndefined();

      const quick = await activityInStatus(herald, organizationId, campaignId, 'draft');
      await channel.call('workflow', { organizationId, activityId: quick.id, action: 'check' });
      expect(await statusOf(quick.id)).toBe('checked');
      expect(await runOf(quick.id)).toBeUndefined();
    } finally {
      close();
    }
  });

  it('takes back to draft only the checks of processes that stopped beating, each logged once', async () => {
    const own = herald.services.jobs.processId;
    const dead = await checkingUnder('a-process-that-died', 60_000);
    const never = await checkingUnder('a-process-that-never-beat', null);
    const alive = await checkingUnder('a-process-still-alive', 0);
    const mine = await checkingUnder(own, 60_000);
    const which = {
      of: 'deadProcesses',
      staleBefore: new Date(Date.now() - 30_000),
      processId: own,
    } as const;
    const recovered = await recoverAbandonedChecks(herald.database.db, which);
    expect(recovered.map((each) => each.activity.id).sort()).toEqual([dead.id, never.id].sort());
    expect(recovered[0]!.activity).toMatchObject({ status: 'draft', version: 2 });
    expect(await recoverAbandonedChecks(herald.database.db, which)).toEqual([]);
    expect(await statusOf(alive.id)).toBe('checking');
    expect(await statusOf(mine.id)).toBe('checking');
    expect(await runOf(dead.id)).toBeUndefined();
    expect((await logOf(dead.id)).at(-1)).toMatchObject({
      action: 'checkAbandoned',
      from_status: 'checking',
      to_status: 'draft',
      user_id: null,
      details: { reason: 'serverStopped' },
    });
    // Left for the next test's restart to recover, with the others.
    await sql`UPDATE activity_check_run SET heartbeat_at = NULL WHERE activity_id IN (${alive.id}, ${mine.id})`.execute(
      herald.database.db,
    );
  });

  it('a server stopping gives up its running check; one that crashed leaves it for the next start', async () => {
    const { channel, close } = await connectAs(herald, organizationId, ['Content.Edit']);
    const slow = await activityInStatus(herald, organizationId, campaignId, 'draft', { subject: 'SLOW' });
    // Its socket closes with the server, so it never answers.
    const running = channel
      .request('workflow', { organizationId, activityId: slow.id, action: 'check' })
      .catch(() => undefined);
    await expect.poll(() => statusOf(slow.id)).toBe('checking');
    // A crash leaves what a process recorded and nothing else: a check of a process that is gone, in the middle.
    const crashed = await checkingUnder('a-process-that-crashed', 60_000);
    await herald.stop();
    await running;
    close();

    herald = await start();
    expect(await statusOf(slow.id)).toBe('draft');
    expect((await logOf(slow.id)).map((entry) => entry.action)).toEqual(['check', 'checkAbandoned']);
    expect((await logOf(slow.id)).at(-1)).toMatchObject({
      from_status: 'checking',
      to_status: 'draft',
      user_id: null,
      details: { reason: 'serverStopping' },
    });
    expect(await statusOf(crashed.id)).toBe('draft');
    expect((await logOf(crashed.id)).at(-1)).toMatchObject({
      action: 'checkAbandoned',
      user_id: null,
      details: { reason: 'serverStopped' },
    });
    const left = await herald.database.db
      .selectFrom('activity')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'checking')
      .execute();
    expect(left).toEqual([]);
    const runs = await herald.database.db
      .selectFrom('activity_check_run')
      .select('activity_id')
      .where('organization_id', '=', organizationId)
      .execute();
    expect(runs).toEqual([]);
  });
});
