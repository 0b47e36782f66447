import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Credential, CredentialTestResult } from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizedPhone, sendDisplayAdRun } from '../src/delivery/displayad-audience.ts';
import { fileStoreOf } from '../src/uploads/file-store.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { DisplayAdPeer } from './support/displayad-peer.ts';
import { createOrganization, integrationsAdmin } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addPartition, connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

const TOKEN = 'displayad-token-0001';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Display-ad audiences: a run's recipients hashed into one CSV and uploaded to a network's audience
 * API on loopback (test/support/displayad-peer.ts), with the bearer token of the organization's displayad
 * credential and the run's idempotency key; the deliveries recorded sent, failed or retried.
 */
describe('display-ad audiences', () => {
  let herald: TestHerald;
  let peer: DisplayAdPeer;
  let organizationId: number;
  let activityId: number;
  let revisionId: number;
  let session: ChannelClient;
  let sessionId: string;
  const call = <T>(command: string, params: Record<string, unknown>) =>
    session.call<T>(command, { sessionId, organizationId, ...params });
  const db = () => herald.database.db;

  async function runWith(recipients: Array<{ email?: string; phone?: string }>): Promise<number> {
    const run = await sql<{
      id: string;
    }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id,
        channel, status, recipients) VALUES (${organizationId}, ${activityId}, ${revisionId}, 'displayad', 'sending',
        ${recipients.length}) RETURNING id`.execute(db());
    const runId = Number(run.rows[0]!.id);
    for (const recipient of recipients) {
      const subscriber = await db()
        .insertInto('subscriber')
        .values({
          organization_id: organizationId,
          email: recipient.email ?? null,
          phone: recipient.phone ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel)
        VALUES (${organizationId}, ${runId}, ${activityId}, ${subscriber.id}, 'displayad')`.execute(db());
    }
    return runId;
  }
  const statuses = async (runId: number) =>
    (
      await sql<{ status: string; n: number }>`SELECT status, count(*)::integer AS n FROM delivery
        WHERE run_id = ${runId} GROUP BY status ORDER BY status`.execute(db())
    ).rows;
  const send = (runId: number, processId = 'process-a', files?: ReturnType<typeof fileStoreOf>) =>
    sendDisplayAdRun(
      db(),
      files,
      { organizationId, runId, activityId, processId },
      AbortSignal.timeout(20_000),
    );

  beforeAll(async () => {
    [herald, peer] = await Promise.all([startTestHerald(), DisplayAdPeer.start(TOKEN)]);
    ({ organizationId, session, sessionId } = await integrationsAdmin(herald, 'Banner Bakery'));
    const campaignId = await addCampaign(herald, organizationId);
    const activity = await activityInStatus(herald, organizationId, campaignId, 'deploying');
    activityId = activity.id;
    revisionId = activity.revisionId;
    await sql`UPDATE activity_revision SET content = ${JSON.stringify({
      schemaVersion: 3,
      channels: { displayad: { audienceName: 'spring lovers', sizes: ['300x250'] } },
    })}::jsonb WHERE id = ${revisionId}`.execute(db());
  });
  afterAll(async () => {
    session.close();
    await Promise.all([herald.stop(), peer.stop()]);
  });

  it('normalizes phone numbers to E.164 and refuses national ones', () => {
    expect(normalizedPhone('+62 812-3456-7890')).toBe('+6281234567890');
    expect(normalizedPhone('0044 (20) 7946 0958')).toBe('+442079460958');
    expect(normalizedPhone('14155550100')).toBe('+14155550100');
    expect(normalizedPhone('0812 3456 7890')).toBeUndefined();
    expect(normalizedPhone('12345')).toBeUndefined();
    expect(normalizedPhone(null)).toBeUndefined();
  });

  it('fails the run’s deliveries plainly while no credential is chosen', async () => {
    const runId = await runWith([{ email: 'nobody@bakery.test' }]);
    expect(await send(runId)).toMatchObject({ sent: 0, failed: 1 });
    const row = await sql<{
      error: Record<string, unknown>;
    }>`SELECT error FROM delivery WHERE run_id = ${runId}`.execute(db());
    expect(row.rows[0]!.error).toMatchObject({ code: 'channelCredentials.displayad', permanent: true });
  });

  it('uploads the hashed audience with the token and the run’s idempotency key, once', async () => {
    const credential = await call<Credential>('createCredential', {
      type: 'displayad',
      alias: 'Ad network',
      values: { apiToken: TOKEN, baseUrl: peer.url },
    });
    await call('updateChannelCredentials', { channelCredentials: { displayad: credential.id } });
    expect(await call<CredentialTestResult>('testCredential', { id: credential.id })).toEqual({
      ok: true,
      message: null,
    });

    const runId = await runWith([
      { email: '  Alice@Bakery.TEST ', phone: '+62 812-3456-7890' },
      { phone: '0044 20 7946 0958' },
      { email: 'carol@bakery.test', phone: '0812 3456 7890' },
      {},
    ]);
    const files = fileStoreOf(herald.config.dataDir);
    await files.prepare();
    const outcome = await send(runId, 'process-a', files);
    expect(outcome).toMatchObject({ sent: 3, failed: 1, retried: 0 });
    expect(peer.uploads).toHaveLength(1);
    const [upload] = peer.uploads;
    expect(upload).toMatchObject({ audience: 'spring lovers', idempotencyKey: `herald-run-${runId}` });
    expect(outcome.uploadId).toBe(upload!.id);
    expect(upload!.rows).toEqual([
      { hashedEmail: sha256('alice@bakery.test'), hashedPhone: sha256('+6281234567890') },
      { hashedEmail: '', hashedPhone: sha256('+442079460958') },
      { hashedEmail: sha256('carol@bakery.test'), hashedPhone: '' },
    ]);
    const request = peer.http.requests.find((sent) => sent.method === 'POST')!;
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toMatch(/^text\/csv/);
    expect(await readFile(outcome.file!, 'utf8')).toBe(request.text);

    expect(await statuses(runId)).toEqual([
      { status: 'failed', n: 1 },
      { status: 'sent', n: 3 },
    ]);
    const run = await sql<{ sent: number; failed: number }>`SELECT sent, failed FROM deployment_run
      WHERE id = ${runId}`.execute(db());
    expect(run.rows[0]).toEqual({ sent: 3, failed: 1 });
    const events = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM subscriber_event
      WHERE kind = 'sent' AND activity_id = ${activityId} AND details->>'runId' = ${String(runId)}`.execute(
      db(),
    );
    expect(events.rows[0]!.n).toBe(3);
    const provider = await sql<{
      provider_message_id: string;
    }>`SELECT DISTINCT provider_message_id FROM delivery
      WHERE run_id = ${runId} AND status = 'sent'`.execute(db());
    expect(provider.rows).toEqual([{ provider_message_id: upload!.id }]);
    // Nothing left to claim: a second call uploads nothing.
    expect(await send(runId)).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(peer.uploads).toHaveLength(1);
  });

  it('puts the audience back in the queue when the network is busy, and fails it when refused', async () => {
    const busyRun = await runWith([{ email: 'dora@bakery.test' }]);
    peer.http.failNext({ status: 503, json: { error: { message: 'Try again later' } } });
    expect(await send(busyRun)).toMatchObject({ sent: 0, retried: 1 });
    const queued = await sql<{ status: string; error: Record<string, unknown>; retry_at: Date | null }>`
      SELECT status, error, retry_at FROM delivery WHERE run_id = ${busyRun}`.execute(db());
    expect(queued.rows[0]).toMatchObject({ status: 'queued', error: { code: '503', stage: 'send' } });
    expect(queued.rows[0]!.retry_at).not.toBeNull();

    const refusedRun = await runWith([{ email: 'eve@bakery.test' }]);
    peer.http.failNext({ status: 422, json: { error: { message: 'Audience is archived' } } });
    expect(await send(refusedRun)).toMatchObject({ sent: 0, failed: 1 });
    const failed = await sql<{ error: Record<string, unknown> }>`SELECT error FROM delivery
      WHERE run_id = ${refusedRun}`.execute(db());
    expect(failed.rows[0]!.error).toMatchObject({
      code: '422',
      permanent: true,
      message: expect.stringContaining('Audience is archived'),
    });
  });

  describe('the audience file download', () => {
    const download = (
      organization: number,
      file: string,
      jwt: string,
      headers: Record<string, string> = {},
    ) =>
      fetch(`${herald.url}/uiv5-audience/${organization}/${file}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ jwt }).toString(),
      });
    const runRecord = async (channel: ChannelClient, runId: number) =>
      (
        await channel.call<{ records: Array<{ id: number; audienceFile: string | null }> }>('query', {
          organizationId,
          query: { type: 'deploymentRun', filter: { id: runId } },
        })
      ).records[0];

    it('serves a run’s kept file to whoever reads the activity, and names it on the run', async () => {
      const runId = await runWith([{ email: 'frank@bakery.test' }, { phone: '+14155550100' }]);
      const files = fileStoreOf(herald.config.dataDir);
      const outcome = await send(runId, 'process-a', files);
      expect(outcome.sent).toBe(2);
      const reader = await connectAs(herald, organizationId, ['System.BaseUser']);
      try {
        expect(await runRecord(reader.channel, runId)).toMatchObject({
          audienceFile: `audience-${runId}.csv`,
        });
        const answer = await download(organizationId, `${runId}.csv`, reader.token);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
        expect(answer.headers.get('content-disposition')).toBe(
          `attachment; filename="audience-${runId}.csv"`,
        );
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(await answer.text()).toBe(await readFile(outcome.file!, 'utf8'));
        // The form comes from the console's origin only, as the extracts' does.
        const elsewhere = await download(organizationId, `${runId}.csv`, reader.token, {
          origin: 'https://evil.example',
        });
        expect(elsewhere.status).toBe(403);
      } finally {
        reader.close();
      }
    });

    it('refuses another organization, a user who cannot read the activity, and a run with no file', async () => {
      const runId = await runWith([{ email: 'gina@bakery.test' }]);
      await send(runId, 'process-a', fileStoreOf(herald.config.dataDir));
      const otherId = await createOrganization(herald, 'Other Bakery');
      const outsider = await connectAs(herald, otherId, ['System.Admin']);
      const integrator = await connectAs(herald, organizationId, ['Integration.Manage']);
      const { partitionId, setId } = await addPartition(herald, organizationId, 'North');
      expect(partitionId).toBeGreaterThan(0);
      const restricted = await connectAs(herald, organizationId, ['System.BaseUser'], [setId]);
      const admin = await connectAs(herald, organizationId, ['System.Admin']);
      try {
        const expectRefused = async (answer: Response, status: number, type: string) => {
          expect(answer.status).toBe(status);
          expect(((await answer.json()) as { error: { type: string } }).error.type).toBe(type);
        };
        // Another organization's token for this organization's address, or its own address for this run.
        await expectRefused(
          await download(organizationId, `${runId}.csv`, outsider.token),
          401,
          'OrgAuthenticationError',
        );
        await expectRefused(
          await download(otherId, `${runId}.csv`, outsider.token),
          404,
          'ExtractNotFoundError',
        );
        await expectRefused(
          await download(organizationId, `${runId}.csv`, ''),
          401,
          'OrgAuthenticationError',
        );
        // No read capability of activities; an activity outside the user's partitions.
        await expectRefused(
          await download(organizationId, `${runId}.csv`, integrator.token),
          403,
          'PrivilegesError',
        );
        await expectRefused(
          await download(organizationId, `${runId}.csv`, restricted.token),
          404,
          'ExtractNotFoundError',
        );

        // A run whose upload failed before a file was kept (no audience name), and one whose file was swept.
        await sql`UPDATE activity_revision SET content = jsonb_set(content, '{channels,displayad,audienceName}', '""')
          WHERE id = ${revisionId}`.execute(db());
        const noFile = await runWith([{ email: 'hal@bakery.test' }]);
        try {
          expect(await send(noFile, 'process-a', fileStoreOf(herald.config.dataDir))).toMatchObject({
            failed: 1,
          });
        } finally {
          await sql`UPDATE activity_revision SET content = jsonb_set(content, '{channels,displayad,audienceName}',
            '"spring lovers"') WHERE id = ${revisionId}`.execute(db());
        }
        expect(await runRecord(admin.channel, noFile)).toMatchObject({ audienceFile: null });
        await expectRefused(
          await download(organizationId, `${noFile}.csv`, admin.token),
          404,
          'ExtractNotFoundError',
        );
        await rm(
          path.join(herald.config.dataDir, 'files', 'extracts', `audience-${organizationId}-${runId}.csv`),
        );
        await expectRefused(
          await download(organizationId, `${runId}.csv`, admin.token),
          404,
          'ExtractNotFoundError',
        );
        await expectRefused(
          await download(organizationId, 'rubbish.csv', admin.token),
          404,
          'ExtractNotFoundError',
        );
      } finally {
        for (const connection of [outsider, integrator, restricted, admin]) connection.close();
      }
    });
  });
});
