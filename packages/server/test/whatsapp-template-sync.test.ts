import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateChannelCredentials } from '../src/credentials/channel-credentials.ts';
import { createCredential } from '../src/credentials/credential-store.ts';
import {
  TEMPLATE_STATE_SYNC_JOB,
  scheduleTemplateStateSync,
  type TemplateStateSyncResult,
} from '../src/whatsapp-templates/template-state-sync.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { WhatsAppPeer, graphError } from './support/whatsapp-peer.ts';
import { eventually } from './delivery-fixtures.ts';
import { connectAs } from './subscriber-fixtures.ts';

const ACCOUNT = {
  version: 'v21.0',
  phoneNumberId: '2065403522',
  businessAccountId: '2022901293',
  accessToken: 'whatsapp-sync-token-0001',
};

interface FinishedJob {
  id: number;
  status: string;
  result: TemplateStateSyncResult | null;
}

/**
 * The scheduler's quarter-hourly WhatsApp template sync: a system job of one series that every
 * process queues as it starts, reading each organization's template states from the Cloud API peer, writing the
 * changed ones and pushing them live; a provider's failure is logged and recorded on the job, and the series
 * goes on.
 */
describe('WhatsApp template states synced on a schedule', () => {
  let herald: TestHerald;
  let peer: WhatsAppPeer;
  let organizationId: number;
  let watcher: ChannelClient;
  const closers: Array<() => void> = [];
  const db = () => herald.services.db;
  const statesOf = async (id: number) =>
    (
      await sql<{ name: string; status: string; status_reason: string }>`
        SELECT name, status, status_reason FROM whatsapp_template WHERE organization_id = ${id} ORDER BY name`.execute(
        db(),
      )
    ).rows;
  const queued = async () =>
    (
      await sql<{ id: number; run_at: Date; repeat: unknown }>`SELECT id, run_at, repeat FROM job
        WHERE series = ${TEMPLATE_STATE_SYNC_JOB} AND status = 'queued'`.execute(db())
    ).rows;

  /**
   * Makes the series' queued occurrence due, as its quarter-hour would, and answers the first occurrence that
   * finishes after that and satisfies `check`. On a shared PostgreSQL any test server's runner may take it.
   */
  const runSync = async (check: (job: FinishedJob) => boolean = () => true): Promise<FinishedJob> => {
    const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db());
    const since = rows[0]!.now;
    await sql`UPDATE job SET run_at = now() WHERE series = ${TEMPLATE_STATE_SYNC_JOB} AND status = 'queued'`.execute(
      db(),
    );
    herald.services.jobs.poke();
    return eventually(
      async () => {
        const finished = await sql<FinishedJob>`SELECT id, status, result FROM job
          WHERE kind = ${TEMPLATE_STATE_SYNC_JOB} AND status IN ('succeeded', 'failed') AND finished_at >= ${since}
          ORDER BY finished_at`.execute(db());
        return finished.rows.find(check);
      },
      20_000,
      'a template state sync',
    );
  };

  beforeAll(async () => {
    [herald, peer] = await Promise.all([
      startTestHerald(),
      WhatsAppPeer.start(ACCOUNT, [
        { name: 'spring_sale', language: 'en_US', status: 'APPROVED' },
        { name: 'weekly_news', language: 'en_US', status: 'PENDING' },
        { name: 'old_offer', language: 'en_US', status: 'APPROVED' },
      ]),
    ]);
    organizationId = await createOrganization(herald, 'Synced Sushi');
    const credentialId = await createCredential(db(), organizationId, {
      type: 'whatsapp',
      alias: 'WhatsApp',
      values: {
        accountName: ACCOUNT.phoneNumberId,
        apiToken: ACCOUNT.accessToken,
        baseUrl: peer.baseUrl,
        businessAccountId: ACCOUNT.businessAccountId,
      },
    });
    await updateChannelCredentials(db(), organizationId, { whatsapp: credentialId });
    for (const name of ['spring_sale', 'weekly_news', 'old_offer', 'not_at_whatsapp'])
      await db()
        .insertInto('whatsapp_template')
        .values({ organization_id: organizationId, name, language: 'en_US', body: 'Hello' })
        .execute();
    const connection = await connectAs(herald, organizationId, ['Database.Read']);
    closers.push(() => connection.close());
    watcher = connection.channel;
    await watcher.call('addSubscription', { organizationId, query: { type: 'whatsappTemplate' } });
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald?.stop();
    await peer?.stop();
  });

  it('is one queued occurrence every quarter-hour, however often a process starts', async () => {
    const [first, ...others] = await queued();
    expect(others).toEqual([]);
    expect(first?.repeat).toEqual({ every: 'minute', interval: 15, from: '2000-01-01T00:00:00.000Z' });
    // A restart, or a second process sharing the database, queues nothing more.
    await scheduleTemplateStateSync(db());
    await scheduleTemplateStateSync(db());
    expect(await queued()).toEqual([first]);
  });

  it('writes the states WhatsApp changed and pushes the changed templates to subscribers', async () => {
    const pushed = watcher.nextPush('records', 20_000);
    const job = await runSync((finished) => (finished.result?.changed ?? 0) > 0);
    expect(job.status).toBe('succeeded');
    expect(job.result?.synced).toBeGreaterThan(0);
    // On a shared PostgreSQL other tests' organizations are synced too (their peers long gone): not this one.
    expect(job.result?.failed.filter((failure) => failure.organizationId === organizationId)).toEqual([]);
    expect((await pushed).data).toMatchObject({
      type: 'whatsappTemplate',
      records: expect.arrayContaining([
        expect.objectContaining({ name: 'spring_sale', status: 'received', version: 2 }),
        expect.objectContaining({ name: 'old_offer', status: 'received', version: 2 }),
      ]),
    });

    // WhatsApp approves one and pauses another; the next occurrence brings both, and only those.
    const templateNamed = (name: string) => peer.templates.find((template) => template.name === name)!;
    templateNamed('weekly_news').status = 'APPROVED';
    templateNamed('old_offer').status = 'PAUSED';
    const next = watcher.nextPush('records', 20_000);
    await runSync();
    expect((await next).data).toEqual({
      type: 'whatsappTemplate',
      records: [
        expect.objectContaining({ name: 'weekly_news', status: 'received', version: 2 }),
        expect.objectContaining({ name: 'old_offer', status: 'paused', version: 3 }),
      ],
    });
    expect(await statesOf(organizationId)).toEqual([
      { name: 'not_at_whatsapp', status: 'pending', status_reason: '' },
      { name: 'old_offer', status: 'paused', status_reason: '' },
      { name: 'spring_sale', status: 'received', status_reason: '' },
      { name: 'weekly_news', status: 'received', status_reason: '' },
    ]);
    // The series goes on at the next quarter-hour.
    const [following, ...others] = await queued();
    expect(others).toEqual([]);
    expect(following!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(following!.run_at.getTime() % (15 * 60_000)).toBe(0);
  });

  it('logs and records a provider failure on the job, leaves the states, and goes on', async () => {
    const silent = await createOrganization(herald, 'No Account Noodles');
    const withoutAccount = await createCredential(db(), silent, {
      type: 'whatsapp',
      alias: 'Phone only',
      values: { accountName: '1', apiToken: 'some-token', baseUrl: peer.baseUrl },
    });
    await updateChannelCredentials(db(), silent, { whatsapp: withoutAccount });
    const before = await statesOf(organizationId);
    peer.templates.find((template) => template.name === 'spring_sale')!.status = 'REJECTED';
    peer.http.failNext(graphError(503, 2, 'Service temporarily unavailable'));
    const job = await runSync((finished) =>
      (finished.result?.failed ?? []).some((failure) => failure.organizationId === organizationId),
    );
    expect(job.status).toBe('succeeded');
    expect(job.result?.failed).toContainEqual({
      organizationId,
      message: 'Service temporarily unavailable',
    });
    expect(job.result?.withoutBusinessAccount).toContain(silent);
    expect(await statesOf(organizationId)).toEqual(before);
    expect(await queued()).toHaveLength(1);

    // The next occurrence reads the account again.
    await runSync((finished) => (finished.result?.changed ?? 0) > 0);
    expect((await statesOf(organizationId)).find((row) => row.name === 'spring_sale')).toEqual({
      name: 'spring_sale',
      status: 'disabled',
      status_reason: 'REJECTED',
    });
  });
});
