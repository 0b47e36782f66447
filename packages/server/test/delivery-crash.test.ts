import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { startServerProcess } from './support/server-process.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { approvedEmail, listWithSubscribers, PEER_LOGIN, sendThrough } from './delivery-fixtures.ts';
import { addCampaign } from './workflow-fixtures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RECIPIENTS = 1_500;

/**
 * Exactly once whatever crashes (PROTOCOL §9): a server process killed with SIGKILL while it sends
 * a run, then started again, leaves every recipient with exactly one message at the relay; and on PostgreSQL two
 * processes share a run, one is killed, and the other takes its claims over and finishes. The relay is a real
 * SMTP server in this process that counts what it accepted per recipient.
 */
describe('a deployment across a killed server process', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Makes the organization, the list and an activity whose deployment job falls due in `inMs`. */
  async function prepare(herald: TestHerald, peer: SmtpPeer, inMs: number) {
    const organizationId = await createOrganization(herald, 'Crash Coffee');
    await sendThrough(herald, organizationId, peer);
    const campaignId = await addCampaign(herald, organizationId);
    const { listId } = await listWithSubscribers(
      herald,
      organizationId,
      RECIPIENTS,
      `crash${organizationId}x`,
    );
    // Throttled so the kill lands mid-run on any machine: 6,000 a minute.
    const { id, revisionId } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`, {
      throttle: 6_000,
    });
    const at = new Date(Date.now() + inMs);
    const db = herald.database.db;
    const job = await sql<{
      id: number;
    }>`INSERT INTO job (organization_id, kind, name, params, run_at, series)
      VALUES (${organizationId}, 'activityDeployment', 'Crash', ${JSON.stringify({
        activityId: id,
        revisionId,
        at: at.toISOString(),
        distribution: 'broadcast',
      })}::jsonb, ${at}, ${`deployment:${id}`}) RETURNING id`.execute(db);
    await sql`UPDATE activity SET status = 'scheduled', deployment_job_id = ${job.rows[0]!.id} WHERE id = ${id}`.execute(
      db,
    );
    return { organizationId, activityId: id };
  }

  function counts(peer: SmtpPeer, prefix: string) {
    const perRecipient = new Map<string, number>();
    for (const message of peer.messages)
      for (const to of message.to)
        if (to.startsWith(prefix)) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const duplicates = [...perRecipient.values()].filter((count) => count > 1).length;
    return { received: perRecipient.size, duplicates, missing: RECIPIENTS - perRecipient.size };
  }

  async function untilReceived(peer: SmtpPeer, prefix: string, atLeast: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (counts(peer, prefix).received < atLeast) {
      if (Date.now() > deadline) throw new Error(`fewer than ${atLeast} messages within ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  // The embedded database's case; on PostgreSQL the two-process case below covers the restart and more, on a
  // database of its own (the shared one's planner statistics are other tests' business).
  it.skipIf(process.env.DATABASE_URL)(
    'sends every recipient exactly once when the server is killed at 40 % and started again',
    async () => {
      const peer = await SmtpPeer.start({ login: PEER_LOGIN });
      cleanups.push(() => peer.stop());
      const pgliteDir = await mkdtemp(path.join(tmpdir(), 'herald-crash-'));
      cleanups.push(() => rm(pgliteDir, { recursive: true, force: true }));
      const setup = await startTestHerald({ pgliteDataDir: pgliteDir, smtpUrl: peer.url });
      const { organizationId, activityId } = await prepare(setup, peer, 4_000);
      const databaseUrl = setup.config.databaseUrl;
      await setup.stop();
      const prefix = `crash${organizationId}x`;

      const first = await startServerProcess(serverEnv({ pgliteDir, databaseUrl }));
      await untilReceived(peer, prefix, RECIPIENTS * 0.4, 90_000);
      first.kill();
      const atKill = counts(peer, prefix).received;
      expect(atKill).toBeLessThan(RECIPIENTS);

      const second = await startServerProcess(serverEnv({ pgliteDir, databaseUrl }));
      cleanups.push(() => second.stop());
      await untilReceived(peer, prefix, RECIPIENTS, 120_000);
      await sleep(1_500);
      await second.stop();
      expect(counts(peer, prefix)).toEqual({ received: RECIPIENTS, duplicates: 0, missing: 0 });

      const check = await startTestHerald({ pgliteDataDir: pgliteDir, smtpUrl: peer.url });
      cleanups.push(() => check.stop());
      const run = await sql<{
        status: string;
        sent: number;
        recipients: number;
      }>`SELECT status, sent, recipients
      FROM deployment_run WHERE activity_id = ${activityId}`.execute(check.database.db);
      expect(run.rows).toEqual([{ status: 'finished', sent: RECIPIENTS, recipients: RECIPIENTS }]);
    },
    300_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'shares a run between two processes on PostgreSQL, and the survivor finishes what the killed one held',
    async () => {
      const peer = await SmtpPeer.start({ login: PEER_LOGIN });
      cleanups.push(() => peer.stop());
      const setup = await startTestHerald({ smtpUrl: peer.url }, { freshDatabase: true });
      cleanups.push(() => setup.stop());
      const { organizationId, activityId } = await prepare(setup, peer, 6_000);
      const prefix = `crash${organizationId}x`;
      const databaseUrl = setup.config.databaseUrl;
      // The test's own server sends too: stop its job runner so the two processes are the ones that share.
      await setup.services.jobs.stop();
      const servers = await Promise.all([
        startServerProcess(serverEnv({ databaseUrl })),
        startServerProcess(serverEnv({ databaseUrl })),
      ]);
      cleanups.push(async () => {
        for (const server of servers) await server.stop();
      });
      await untilReceived(peer, prefix, RECIPIENTS * 0.4, 90_000);
      servers[0]!.kill();
      await untilReceived(peer, prefix, RECIPIENTS, 180_000);
      await sleep(1_500);
      expect(counts(peer, prefix)).toEqual({ received: RECIPIENTS, duplicates: 0, missing: 0 });
      const run = await sql<{ status: string; sent: number }>`SELECT status, sent FROM deployment_run
        WHERE activity_id = ${activityId}`.execute(setup.database.db);
      expect(run.rows).toEqual([{ status: 'finished', sent: RECIPIENTS }]);
    },
    300_000,
  );
});

/** Where a killed test's server processes find the database: PGlite's directory, or PostgreSQL. */
function serverEnv(place: { pgliteDir?: string; databaseUrl: string | undefined }): Record<string, string> {
  return {
    DATABASE_URL: place.databaseUrl ?? '',
    ...(place.pgliteDir ? { HERALD_PGLITE_DIR: place.pgliteDir } : {}),
  };
}
