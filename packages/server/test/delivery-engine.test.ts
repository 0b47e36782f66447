import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowAllowance } from '../src/delivery/throttle.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { connectAs } from './subscriber-fixtures.ts';
import {
  approvedEmail,
  eventually,
  listWithSubscribers,
  PEER_LOGIN,
  sendThrough,
} from './delivery-fixtures.ts';
import { addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

const areas = areasWithSubjectChecks;

/**
 * The delivery engine end to end: a deployment queued through the workflow is sent by its
 * run's workers to a real SMTP peer, once per recipient, personalized and tracked, with the ledger, the events
 * and the activity's move to deployed to show for it; the rules that leave recipients out; suspend and resume;
 * quiet hours; a relay that refuses.
 */
describe('the delivery engine', () => {
  let herald: TestHerald;
  let peer: SmtpPeer;
  let organizationId: number;
  let campaignId: number;
  let deployer: ChannelClient;
  const closers: Array<() => void> = [];
  const db = () => herald.database.db;

  const act = (activityId: number, action: string, params: Record<string, unknown> = {}) =>
    deployer.request('workflow', { organizationId, activityId, action, ...params });
  const statusOf = async (activityId: number) =>
    (
      await db()
        .selectFrom('activity')
        .select('status')
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).status;
  const runsOf = async (activityId: number) =>
    (
      await sql<{
        id: string;
        status: string;
        recipients: number;
        sent: number;
        failed: number;
        suppressed: number;
      }>`
        SELECT id::text AS id, status, recipients, sent, failed, suppressed FROM deployment_run
        WHERE activity_id = ${activityId} ORDER BY id`.execute(db())
    ).rows;
  const deliveriesOf = async (activityId: number) =>
    (
      await sql<{ id: string; subscriber_id: number; status: string; error: Record<string, unknown> | null }>`
        SELECT id::text AS id, subscriber_id, status, error FROM delivery WHERE activity_id = ${activityId}
        ORDER BY id`.execute(db())
    ).rows;
  const deployed = (activityId: number) =>
    eventually(
      async () => (await statusOf(activityId)) === 'deployed',
      30_000,
      `activity ${activityId} deployed`,
    );

  beforeAll(async () => {
    peer = await SmtpPeer.start({ login: PEER_LOGIN });
    herald = await startTestHerald({}, { areas });
    organizationId = await createOrganization(herald, 'Sakura Tea');
    await sendThrough(herald, organizationId, peer);
    campaignId = await addCampaign(herald, organizationId);
    const connection = await connectAs(herald, organizationId, ['Content.Deploy']);
    closers.push(() => connection.close());
    deployer = connection.channel;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald?.stop();
    await peer?.stop();
  });

  it('sends each recipient of a broadcast one personalized, tracked message and marks the activity deployed', async () => {
    const { listId, subscriberIds } = await listWithSubscribers(herald, organizationId, 30, 'tea');
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    await act(id, 'queueDeploy');
    await deployed(id);

    const received = peer.messages.filter((message) => /^tea\d+@example\.com$/.test(message.to[0] ?? ''));
    expect(received).toHaveLength(30);
    expect(new Set(received.map((message) => message.to[0])).size).toBe(30);
    const first = received.find((message) => message.to[0] === 'tea1@example.com')!;
    expect(first.subject).toBe('News for Reader 1');
    const head = first.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(
      /^List-Unsubscribe: <http:\/\/[^/]+\/t\/u\/[\w-]+>, <mailto:unsubscribe\+[a-z2-7]+@[^>]+>$/m,
    );
    expect(first.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(first.raw).toMatch(/^X-Herald-Delivery: \d+/m);
    expect(first.from).toMatch(/^bounce\+\d+@/);
    const decoded = first.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const html = decoded.slice(decoded.indexOf('Content-Type: text/html'));
    expect(html).toContain('Reader 1 (gold)');
    expect(html).toMatch(/href="http:\/\/[^/]+\/t\/c\/[\w-]+"/);
    expect(html).not.toContain('https://shop.example/sale');
    expect(html).toMatch(/\/t\/o\/[\w-]+/);

    const deliveries = await deliveriesOf(id);
    expect(deliveries).toHaveLength(30);
    expect(deliveries.every((delivery) => delivery.status === 'sent')).toBe(true);
    expect(new Set(deliveries.map((delivery) => delivery.subscriber_id))).toEqual(new Set(subscriberIds));
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'finished', recipients: 30, sent: 30, failed: 0, suppressed: 0 });
    const events = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM subscriber_event
      WHERE activity_id = ${id} AND kind = 'sent'`.execute(db());
    expect(events.rows[0]?.n).toBe(30);
    const log = await sql<{ action: string; details: Record<string, unknown> }>`SELECT action, details
      FROM workflow_event WHERE activity_id = ${id} ORDER BY id`.execute(db());
    expect(log.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['deploymentStarted', 'deploymentFinished']),
    );
    expect(log.rows.at(-1)?.details).toMatchObject({ sent: 30, recipients: 30 });
  });

  it('leaves out the unsubscribed, the invalid and the list-unsubscribed, and marks the suppressed', async () => {
    const { listId, subscriberIds } = await listWithSubscribers(herald, organizationId, 6, 'rule');
    const [unsubscribed, invalid, listLeft, suppressed] = subscriberIds;
    await sql`UPDATE subscriber SET is_unsubscribed = true WHERE id = ${unsubscribed}`.execute(db());
    await sql`UPDATE subscriber SET is_invalid = true WHERE id = ${invalid}`.execute(db());
    await sql`UPDATE list_membership SET is_list_unsubscribed = true WHERE subscriber_id = ${listLeft}`.execute(
      db(),
    );
    const email = (
      await db()
        .selectFrom('subscriber')
        .select('email')
        .where('id', '=', suppressed!)
        .executeTakeFirstOrThrow()
    ).email;
    await sql`UPDATE organization SET settings = settings || ${JSON.stringify({
      messaging: { rules: { suppression: [email] } },
    })}::jsonb WHERE id = ${organizationId}`.execute(db());
    try {
      const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
      await act(id, 'queueDeploy');
      await deployed(id);
      const deliveries = await deliveriesOf(id);
      expect(deliveries.map((delivery) => delivery.subscriber_id).sort()).toEqual(
        [suppressed!, ...subscriberIds.slice(4)].sort(),
      );
      expect(deliveries.find((delivery) => delivery.subscriber_id === suppressed)).toMatchObject({
        status: 'suppressed',
        error: { code: 'suppression' },
      });
      expect(await runsOf(id)).toMatchObject([{ recipients: 2, sent: 2, suppressed: 1 }]);
      expect(peer.messagesTo(email!)).toHaveLength(0);
    } finally {
      await sql`UPDATE organization SET settings = settings - 'messaging' WHERE id = ${organizationId}`.execute(
        db(),
      );
    }
  });

  it('skips on the next run whoever unsubscribed with one click from the last', async () => {
    const { listId } = await listWithSubscribers(herald, organizationId, 3, 'click');
    const first = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    await act(first.id, 'queueDeploy');
    await deployed(first.id);
    const message = peer.messagesTo('click2@example.com')[0]!;
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(message.raw)![1]!;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    const second = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    await act(second.id, 'queueDeploy');
    await deployed(second.id);
    expect(peer.messagesTo('click2@example.com')).toHaveLength(1);
    expect(peer.messagesTo('click1@example.com')).toHaveLength(2);
    expect(await runsOf(second.id)).toMatchObject([{ recipients: 2, sent: 2 }]);
  });

  it('serves the view-online link: the recipient’s own message, sandboxed', async () => {
    const { listId } = await listWithSubscribers(herald, organizationId, 1, 'online');
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`, {
      html: '<html><body><p>Hello {{ subscriber.firstname }}</p><a href="{{ view_online_url }}">View online</a></body></html>',
    });
    await act(id, 'queueDeploy');
    await deployed(id);
    const raw = peer.messagesTo('online1@example.com')[0]!.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const link = /href="(http[^"]+\/t\/v\/[\w-]+)"/.exec(raw)?.[1];
    expect(link).toBeDefined();
    const answer = await fetch(link!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await answer.text()).toContain('Hello Reader 1');
    expect((await fetch(`${link!}x`)).status).toBe(404);
  });

  it('records a refused message as failed with the relay’s reply, for the sending-errors page', async () => {
    const { listId } = await listWithSubscribers(herald, organizationId, 2, 'refused');
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    peer.refuseWith = '550 Mailbox unavailable';
    try {
      await act(id, 'queueDeploy');
      await deployed(id);
    } finally {
      peer.refuseWith = undefined;
    }
    const deliveries = await deliveriesOf(id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
    expect(deliveries[0]?.error).toMatchObject({ stage: 'send', code: '550', permanent: true });
    expect(await runsOf(id)).toMatchObject([{ status: 'finished', sent: 0, failed: 2 }]);
    const events = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM subscriber_event
      WHERE activity_id = ${id} AND kind = 'sent'`.execute(db());
    expect(events.rows[0]?.n).toBe(0);
  });

  it('waits through the channel’s quiet hours with nothing sent', async () => {
    const { listId } = await listWithSubscribers(herald, organizationId, 2, 'quiet');
    const now = new Date();
    const hh = (offset: number) => String((now.getUTCHours() + offset + 24) % 24).padStart(2, '0');
    await sql`UPDATE organization SET settings = settings || ${JSON.stringify({
      timeZone: 'UTC',
      messaging: { rules: { quietHours: { email: { start: `${hh(-1)}:00`, end: `${hh(2)}:00` } } } },
    })}::jsonb WHERE id = ${organizationId}`.execute(db());
    try {
      const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
      await act(id, 'queueDeploy');
      const [run] = await eventually(async () => {
        const runs = await runsOf(id);
        return runs[0]?.status === 'waiting' ? runs : undefined;
      });
      expect(run).toMatchObject({ sent: 0, recipients: 2 });
      // The worker that met the quiet hours queued itself again for their end (the run's other worker, never
      // started, may still be queued for now).
      const waiting = await sql<{ run_at: Date }>`SELECT run_at FROM job WHERE kind = 'deliveryRun'
        AND status = 'queued' AND params ->> 'runId' = ${run!.id} ORDER BY run_at DESC`.execute(db());
      expect(waiting.rows.length).toBeGreaterThan(0);
      expect(new Date(waiting.rows[0]!.run_at).getUTCHours()).toBe(Number(hh(2)));
      expect(peer.messagesTo('quiet1@example.com')).toHaveLength(0);
      await act(id, 'queueCancel');
    } finally {
      await sql`UPDATE organization SET settings = settings - 'messaging' WHERE id = ${organizationId}`.execute(
        db(),
      );
    }
  });

  it('puts back what it has not sent when the server stops mid-run, and a restart sends it once', async () => {
    // A slow relay keeps the first batch in flight while the next one is claimed ahead.
    peer.answerAfterMs = 150;
    const { listId } = await listWithSubscribers(herald, organizationId, 300, 'halt');
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    await act(id, 'queueDeploy');
    await eventually(
      async () => (await deliveriesOf(id)).some((delivery) => delivery.status === 'sent'),
      30_000,
      'a first message sent',
    );
    await herald.services.jobs.stop();
    peer.answerAfterMs = 0;
    const stopped = await sql<{ status: string; attempts: number; n: number }>`
      SELECT status, attempts, count(*)::integer AS n FROM delivery WHERE activity_id = ${id}
      GROUP BY status, attempts`.execute(db());
    // Nothing is left claimed by the stopped runner, and nothing it did not try counts as a try.
    expect(stopped.rows.filter((row) => row.status === 'sending')).toEqual([]);
    expect(stopped.rows.filter((row) => row.status === 'queued').every((row) => row.attempts === 0)).toBe(
      true,
    );
    expect(stopped.rows.find((row) => row.status === 'queued')?.n).toBeGreaterThan(0);

    await herald.services.jobs.start();
    await deployed(id);
    const received = peer.messages.filter((message) => /^halt\d+@example\.com$/.test(message.to[0] ?? ''));
    expect(received).toHaveLength(300);
    expect(new Set(received.map((message) => message.to[0])).size).toBe(300);
  });

  it('stops on suspend and, resumed, sends the rest once each', async () => {
    const { listId } = await listWithSubscribers(herald, organizationId, 40, 'pause');
    // 60 a minute: one a second, so the suspend lands mid-run.
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`, {
      throttle: 60,
    });
    await act(id, 'queueDeploy');
    await eventually(async () => peer.messages.filter((m) => m.to[0]?.startsWith('pause')).length >= 2);
    await act(id, 'suspend');
    const [run] = await eventually(async () => {
      const runs = await runsOf(id);
      return runs[0]?.status === 'suspended' ? runs : undefined;
    });
    expect(run!.sent).toBeLessThan(40);
    await sql`UPDATE activity SET throttle = NULL WHERE id = ${id}`.execute(db());
    await act(id, 'resume');
    await act(id, 'queueDeploy').catch(() => undefined);
    await deployed(id);
    const received = peer.messages.filter((message) => message.to[0]?.startsWith('pause'));
    expect(received).toHaveLength(40);
    expect(new Set(received.map((message) => message.to[0])).size).toBe(40);
    expect(await runsOf(id)).toHaveLength(1);
  });
});

describe('the throttle window', () => {
  it('spreads a per-minute rate over the seconds so that any minute adds up to it exactly', () => {
    for (const perMinute of [1, 59, 90, 600, 30_000, 60_000]) {
      let sum = 0;
      for (let second = 1_000; second < 1_060; second++) sum += windowAllowance(perMinute, second);
      expect(sum).toBe(perMinute);
    }
    expect([0, 1, 2, 3].map((second) => windowAllowance(90, second))).toEqual([1, 2, 1, 2]);
  });
});
