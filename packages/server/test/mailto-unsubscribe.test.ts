import { sql } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshListStats } from '../src/lists/list-stats.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { freePort, startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import {
  approvedEmail,
  eventually,
  listWithSubscribers,
  PEER_LOGIN,
  sendThrough,
} from './delivery-fixtures.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign, areasWithSubjectChecks } from './workflow-fixtures.ts';

const RETURN_PATH_HOST = 'bounce.herald.test';

/**
 * The List-Unsubscribe mailto (RFC 2369, RFC 8058 §3.2): every e-mail names `unsubscribe+{signed token}` at its
 * return path host, and a mail sent there with nodemailer to the bounce listener on loopback unsubscribes as the
 * one-click POST does: the delivery's lists or everything, an `unsubscribed` event, the lists recounted and
 * pushed live. A forged token is taken in and changes nothing.
 */
describe('the unsubscribe mailto', () => {
  let herald: TestHerald;
  let peer: SmtpPeer;
  let inbound: Transporter;
  let organizationId: number;
  let campaignId: number;
  let admin: ChannelClient;
  const closers: Array<() => void> = [];
  const db = () => herald.database.db;

  beforeAll(async () => {
    const bouncePort = await freePort();
    peer = await SmtpPeer.start({ login: PEER_LOGIN });
    herald = await startTestHerald(
      { bounceSmtpPort: bouncePort, returnPathHost: RETURN_PATH_HOST },
      { areas: areasWithSubjectChecks },
    );
    inbound = createTransport({ host: '127.0.0.1', port: bouncePort, secure: false, ignoreTLS: true });
    organizationId = await createOrganization(herald, 'Quill Stationers');
    await sendThrough(herald, organizationId, peer);
    campaignId = await addCampaign(herald, organizationId);
    const connection = await connectAs(herald, organizationId, ['System.Admin']);
    closers.push(() => connection.close());
    admin = connection.channel;
    for (const type of ['list', 'subscriberEvent'])
      await admin.call('addSubscription', { organizationId, query: { type } });
  });
  afterAll(async () => {
    for (const close of closers) close();
    inbound?.close();
    await herald?.stop();
    await peer?.stop();
  });

  /** Mails the unsubscribe address as a mail client does for its "Unsubscribe" button. */
  const mailTo = (address: string, from = 'reader@example.com') =>
    inbound.sendMail({ from, to: address, subject: 'unsubscribe', text: 'Please unsubscribe me.' });
  /** The list's counts as stored, counted first by refreshListStats (the fixtures write members directly). */
  const countedList = async (listId: number) => {
    await refreshListStats(db(), organizationId, listId);
    return listStats(listId);
  };
  const listStats = (listId: number) =>
    db()
      .selectFrom('subscriber_list')
      .select(['subscriber_count', 'contactable_count', 'unsubscribed_count', 'invalid_count'])
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
  const unsubscribedEvents = (subscriberId: number) =>
    sql<{ activity_id: number | null; list_id: number | null; details: Record<string, unknown> }>`
      SELECT activity_id, list_id, details FROM subscriber_event
      WHERE subscriber_id = ${subscriberId} AND kind = 'unsubscribed' ORDER BY id`
      .execute(db())
      .then((result) => result.rows);
  const state = (subscriberId: number) =>
    sql<{ is_unsubscribed: boolean; list_unsubscribed: boolean[] }>`
      SELECT s.is_unsubscribed, array_agg(m.is_list_unsubscribed ORDER BY m.list_id) AS list_unsubscribed
      FROM subscriber s JOIN list_membership m ON m.subscriber_id = s.id
      WHERE s.id = ${subscriberId} GROUP BY s.id`
      .execute(db())
      .then((result) => result.rows[0]);
  /** A `records` push of the list with the given contactable count, among the pushes so far. */
  const listPushed = (listId: number, contactable: number) =>
    admin.pushes.some((frame) => {
      const push = frame as { event?: string; data?: { type?: string; records?: unknown[] } };
      return (
        push.event === 'records' &&
        push.data?.type === 'list' &&
        (push.data.records ?? []).some((record) => {
          const list = record as { id: number; stats: { contactable: number } };
          return list.id === listId && list.stats.contactable === contactable;
        })
      );
    });

  /** A subscriber on a fresh list, sent an activity to `target` (the list when not given). */
  const delivered = async (target?: string) => {
    const { listId, subscriberIds } = await listWithSubscribers(
      herald,
      organizationId,
      2,
      `d${crypto.randomUUID().slice(0, 8)}-`,
    );
    const subscriberId = subscriberIds[0]!;
    const activity = await activityInStatus(herald, organizationId, campaignId, 'deployed');
    await sql`UPDATE activity SET target = ${target ?? `list ${listId}`} WHERE id = ${activity.id}`.execute(
      db(),
    );
    const run = await db()
      .insertInto('deployment_run')
      .values({
        organization_id: organizationId,
        activity_id: activity.id,
        revision_id: activity.revisionId,
        channel: 'email',
        status: 'finished',
        details: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = await db()
      .insertInto('delivery')
      .values({
        organization_id: organizationId,
        run_id: run.id,
        activity_id: activity.id,
        subscriber_id: subscriberId,
        channel: 'email',
        status: 'sent',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deliveryId = String(delivery.id);
    const mailbox = herald.services.trackingTokens.unsubscribeMailbox(deliveryId);
    return {
      listId,
      subscriberId,
      activityId: activity.id,
      deliveryId,
      address: `${mailbox}@${RETURN_PATH_HOST}`,
    };
  };

  it('puts a signed token, not the delivery id, in every message’s mailto, and mail to it unsubscribes', async () => {
    const { listId, subscriberIds } = await listWithSubscribers(herald, organizationId, 2, 'quill');
    const { id } = await approvedEmail(herald, organizationId, campaignId, `list ${listId}`);
    await admin.call('workflow', { organizationId, activityId: id, action: 'queueDeploy' });
    const message = await eventually(
      async () => peer.messagesTo('quill1@example.com')[0],
      30_000,
      'the message to quill1',
    );
    const head = message.raw.replace(/\r?\n[ \t]+/g, ' ');
    const mailto = /^List-Unsubscribe: <[^>]+>, <mailto:([^>]+)>$/m.exec(head)?.[1];
    const deliveryId = /^X-Herald-Delivery: (\d+)/m.exec(message.raw)?.[1];
    expect(mailto).toMatch(new RegExp(`^unsubscribe\\+[a-z2-7]+@${RETURN_PATH_HOST.replace(/\./g, '\\.')}$`));
    const localPart = mailto!.slice(0, mailto!.indexOf('@'));
    expect(localPart.length).toBeLessThanOrEqual(64);
    // A signed token, not the bare id: base32's digits 2-7 may hold the id's digits by chance, so the test is
    // the token's length and that it is not the id itself.
    expect(localPart).not.toBe(`unsubscribe+${deliveryId}`);
    expect(localPart.length - 'unsubscribe+'.length).toBeGreaterThanOrEqual(16);
    expect(herald.services.trackingTokens.readUnsubscribeMailbox(localPart)).toEqual({
      deliveryId,
      kind: 'unsubscribe',
    });

    const before = await countedList(listId);
    expect(before.contactable_count).toBe(2);
    const answer = await mailTo(mailto!, 'quill1@example.com');
    expect(answer.accepted).toEqual([mailto]);
    // The target names the list: the subscriber leaves it, and stays subscribed otherwise.
    expect(await state(subscriberIds[0]!)).toEqual({ is_unsubscribed: false, list_unsubscribed: [true] });
    expect(await state(subscriberIds[1]!)).toEqual({ is_unsubscribed: false, list_unsubscribed: [false] });
    const [event, ...more] = await unsubscribedEvents(subscriberIds[0]!);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      activity_id: id,
      list_id: listId,
      details: { scope: 'list', source: 'mailto', left: [listId], deliveryId },
    });
    expect(await listStats(listId)).toMatchObject({
      contactable_count: before.contactable_count - 1,
      unsubscribed_count: before.unsubscribed_count + 1,
    });
    await eventually(async () => listPushed(listId, before.contactable_count - 1), 10_000, 'the list push');

    // A mail client that sends it twice changes nothing more.
    await mailTo(mailto!, 'quill1@example.com');
    expect(await unsubscribedEvents(subscriberIds[0]!)).toHaveLength(1);
  });

  it('unsubscribes globally when the target names no list, and recounts the subscriber’s lists', async () => {
    const sent = await delivered('country = "NZ"');
    const before = await countedList(sent.listId);
    expect(before.contactable_count).toBe(2);
    await mailTo(sent.address.toUpperCase());
    expect(await state(sent.subscriberId)).toEqual({ is_unsubscribed: true, list_unsubscribed: [false] });
    expect(await unsubscribedEvents(sent.subscriberId)).toMatchObject([
      { activity_id: sent.activityId, details: { scope: 'global', source: 'mailto' } },
    ]);
    // Leaving everything changes every list of the subscriber: recounted after the mail was taken in.
    const after = await eventually(
      async () => {
        const stats = await listStats(sent.listId);
        return stats.contactable_count === before.contactable_count - 1 ? stats : undefined;
      },
      10_000,
      'the list recount',
    );
    expect(after.unsubscribed_count).toBe(before.unsubscribed_count + 1);
    await eventually(async () => listPushed(sent.listId, after.contactable_count), 10_000, 'the list push');
  });

  it('takes in a forged, altered or bare-id address and changes nothing', async () => {
    const sent = await delivered();
    const mailbox = sent.address.slice(0, sent.address.indexOf('@'));
    const last = mailbox.at(-1) === 'a' ? 'b' : 'a';
    const forged = [
      `unsubscribe+${sent.deliveryId}@${RETURN_PATH_HOST}`,
      `${mailbox.slice(0, -1)}${last}@${RETURN_PATH_HOST}`,
      `unsubscribe+${herald.services.trackingTokens.issue({ deliveryId: sent.deliveryId, kind: 'unsubscribe' })}@${RETURN_PATH_HOST}`,
      `unsubscribe+aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@${RETURN_PATH_HOST}`,
    ];
    for (const address of forged) {
      // Accepted like any mail to a return path: the answer tells a guesser nothing.
      const answer = await mailTo(address);
      expect(answer.accepted).toEqual([address]);
    }
    expect(await state(sent.subscriberId)).toEqual({ is_unsubscribed: false, list_unsubscribed: [false] });
    expect(await unsubscribedEvents(sent.subscriberId)).toEqual([]);
  });

  it('honours a token only at the return path of the delivery’s own organization', async () => {
    const otherId = await createOrganization(herald, 'Other Stationers');
    const otherHost = `rp.${crypto.randomUUID().slice(0, 8)}.other.example`;
    await db()
      .insertInto('organization_domain')
      .values({
        organization_id: otherId,
        kind: 'sending',
        domain: otherHost.slice('rp.'.length),
        envfrom: 'rp',
        verified_at: new Date(),
      })
      .execute();
    const sent = await delivered();
    const mailbox = sent.address.slice(0, sent.address.indexOf('@'));
    expect((await mailTo(`${mailbox}@${otherHost}`)).accepted).toHaveLength(1);
    expect(await unsubscribedEvents(sent.subscriberId)).toEqual([]);
    // The same token at the product's return path host is honoured.
    await mailTo(sent.address);
    expect(await unsubscribedEvents(sent.subscriberId)).toHaveLength(1);
  });
});
