import { SOFT_BOUNCE_LIMIT } from '@herald/protocol';
import { createTransport, type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature, whatsAppSignature } from '../src/bounces/webhook-signatures.ts';
import { createCredential } from '../src/credentials/credential-store.ts';
import { updateChannelCredentials } from '../src/credentials/channel-credentials.ts';
import { refreshListStats } from '../src/lists/list-stats.ts';
import { eventually } from './delivery-fixtures.ts';
import { createOrganization } from './support/factories.ts';
import { freePort, startTestHerald, type TestHerald } from './support/herald.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

/**
 * Bounces and complaints: real DSNs (RFC 3464) and complaint reports (RFC 5965) mailed with
 * nodemailer to the bounce listener on loopback, and Twilio and WhatsApp receipts posted to their webhooks
 * signed as the providers sign them. Runs and deliveries are written directly, as the engine would.
 */
describe('bounces and complaints', () => {
  let herald: TestHerald;
  let mailer: Transporter;
  let organizationId: number;
  let activityId: number;
  let runId: number;
  const twilioToken = 'twilio-auth-token-for-tests';
  const whatsAppSecret = 'whatsapp-app-secret-for-tests';
  const db = () => herald.database.db;

  beforeAll(async () => {
    const bouncePort = await freePort();
    herald = await startTestHerald({ bounceSmtpPort: bouncePort, returnPathHost: 'bounce.herald.test' });
    mailer = createTransport({ host: '127.0.0.1', port: bouncePort, secure: false, ignoreTLS: true });
    organizationId = await createOrganization(herald, 'Bounce Books');
    await db()
      .insertInto('organization_domain')
      .values({
        organization_id: organizationId,
        kind: 'sending',
        domain: 'news.example.com',
        envfrom: 'rp',
        verified_at: new Date(),
      })
      .execute();
    const campaignId = await addCampaign(herald, organizationId);
    activityId = (await activityInStatus(herald, organizationId, campaignId, 'deploying')).id;
    const run = await db()
      .insertInto('deployment_run')
      .values({
        organization_id: organizationId,
        activity_id: activityId,
        revision_id: 1,
        channel: 'email',
        details: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    runId = Number(run.id);
    const sms = await createCredential(db(), organizationId, {
      type: 'twilio',
      alias: 'Twilio',
      values: { sid: 'AC123', authToken: twilioToken, baseUrl: 'https://api.twilio.com' },
    });
    const whatsapp = await createCredential(db(), organizationId, {
      type: 'whatsapp',
      alias: 'WhatsApp',
      values: {
        accountName: '1234',
        apiToken: 'token',
        apiSecretKey: whatsAppSecret,
        baseUrl: 'https://graph.facebook.com/v21.0',
      },
    });
    await updateChannelCredentials(db(), organizationId, { sms, whatsapp });
  });

  afterAll(async () => {
    mailer?.close();
    await herald?.stop();
  });

  /** A subscriber with one delivery of the activity in the run. */
  const delivered = async (email: string, channel = 'email', providerMessageId: string | null = null) => {
    const subscriber = await db()
      .insertInto('subscriber')
      .values({ organization_id: organizationId, email })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = await db()
      .insertInto('delivery')
      .values({
        organization_id: organizationId,
        run_id: runId,
        activity_id: activityId,
        subscriber_id: subscriber.id,
        channel,
        status: 'sent',
        provider_message_id: providerMessageId,
        sent_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { subscriberId: subscriber.id, deliveryId: Number(delivery.id) };
  };
  const subscriber = (id: number) =>
    db()
      .selectFrom('subscriber')
      .select(['is_invalid', 'is_unsubscribed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const events = (subscriberId: number, kind: string) =>
    db()
      .selectFrom('subscriber_event')
      .select(['kind', 'activity_id', 'campaign_id', 'details'])
      .where('subscriber_id', '=', subscriberId)
      .where('kind', '=', kind)
      .execute();
  /** Mails a report as a reporting MTA does: from the null sender to the return path. */
  const mailReport = (to: string, raw: string) => mailer.sendMail({ envelope: { from: '', to: [to] }, raw });

  it('reads a hard bounce: the subscriber is invalid, the delivery bounced, the event in the history', async () => {
    const { subscriberId, deliveryId } = await delivered('gone@example.org');
    const dsn = deliveryStatusNotification({
      messageId: '<hard-1@mx.example.org>',
      recipient: 'gone@example.org',
      action: 'failed',
      status: '5.1.1',
      diagnostic: 'smtp; 550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
      returned: { type: 'message/rfc822', deliveryId },
    });
    await mailReport('bounce@rp.news.example.com', dsn);

    expect(await subscriber(subscriberId)).toEqual({ is_invalid: true, is_unsubscribed: false });
    const delivery = await db()
      .selectFrom('delivery')
      .select(['status', 'error'])
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('bounced');
    const [event, ...more] = await events(subscriberId, 'bounced');
    expect(more).toHaveLength(0);
    expect(event?.activity_id).toBe(activityId);
    expect(event?.campaign_id).not.toBeNull();
    expect(event?.details).toMatchObject({
      type: 'hard',
      status: '5.1.1',
      diagnostic: '550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
    });

    // The same DSN sent again (an MTA retrying after a lost reply) is not counted twice.
    await mailReport('bounce@rp.news.example.com', dsn);
    expect(await events(subscriberId, 'bounced')).toHaveLength(1);
  });

  it(`counts soft bounces by VERP and marks the address invalid at the ${SOFT_BOUNCE_LIMIT}rd`, async () => {
    const { subscriberId, deliveryId } = await delivered('full@example.org');
    for (let bounce = 1; bounce <= SOFT_BOUNCE_LIMIT; bounce++) {
      expect((await subscriber(subscriberId)).is_invalid).toBe(false);
      // Only headers quoted, without Herald's header: the VERP recipient names the delivery.
      const dsn = deliveryStatusNotification({
        messageId: `<soft-${bounce}@mx.example.org>`,
        recipient: 'full@example.org',
        action: 'delayed',
        status: '4.2.2',
        diagnostic: 'smtp; 452 4.2.2 Mailbox full',
        returned: { type: 'text/rfc822-headers' },
      });
      await mailReport(`bounce+${deliveryId}@rp.news.example.com`, dsn);
    }
    expect((await subscriber(subscriberId)).is_invalid).toBe(true);
    const bounces = await events(subscriberId, 'bounced');
    expect(bounces).toHaveLength(SOFT_BOUNCE_LIMIT);
    expect(bounces.every((event) => event.details.type === 'soft' && event.details.status === '4.2.2')).toBe(
      true,
    );
    // A soft bounce leaves the delivery as sent: the engine may try again.
    const delivery = await db()
      .selectFrom('delivery')
      .select('status')
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('sent');
  });

  it('reads a complaint report: the subscriber is unsubscribed globally and the complaint recorded', async () => {
    const { subscriberId, deliveryId } = await delivered('angry@example.org');
    await mailReport('bounce@bounce.herald.test', complaintReport(deliveryId, 'angry@example.org'));
    expect(await subscriber(subscriberId)).toEqual({ is_invalid: false, is_unsubscribed: true });
    const [complaint] = await events(subscriberId, 'complained');
    expect(complaint).toMatchObject({ activity_id: activityId, details: { feedbackType: 'abuse' } });
  });

  it('recounts the subscriber’s lists after a hard bounce and after a complaint', async () => {
    const list = await db()
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Spring readers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bounced = await delivered('list-gone@example.org');
    const complaining = await delivered('list-angry@example.org');
    const staying = await delivered('list-stays@example.org');
    await db()
      .insertInto('list_membership')
      .values(
        [bounced, complaining, staying].map(({ subscriberId }) => ({
          list_id: list.id,
          subscriber_id: subscriberId,
          organization_id: organizationId,
        })),
      )
      .execute();
    await refreshListStats(db(), organizationId, list.id);
    const stats = () =>
      db()
        .selectFrom('subscriber_list')
        .select(['contactable_count', 'invalid_count', 'unsubscribed_count'])
        .where('id', '=', list.id)
        .executeTakeFirstOrThrow();
    expect(await stats()).toEqual({ contactable_count: 3, invalid_count: 0, unsubscribed_count: 0 });
    const recounted = (expected: Awaited<ReturnType<typeof stats>>) =>
      eventually(
        async () => JSON.stringify(await stats()) === JSON.stringify(expected),
        15_000,
        `the list counted as ${JSON.stringify(expected)}`,
      );

    await mailReport(
      'bounce@rp.news.example.com',
      deliveryStatusNotification({
        messageId: '<hard-list@mx.example.org>',
        recipient: 'list-gone@example.org',
        returned: { type: 'message/rfc822', deliveryId: bounced.deliveryId },
      }),
    );
    await recounted({ contactable_count: 2, invalid_count: 1, unsubscribed_count: 0 });
    // Soon after: waits for the end of the list's recount interval, and is counted then.
    await mailReport(
      'bounce@bounce.herald.test',
      complaintReport(complaining.deliveryId, 'list-angry@example.org', '<arf-list@hotmail.example>'),
    );
    await recounted({ contactable_count: 1, invalid_count: 1, unsubscribed_count: 1 });
  });

  it('accepts mail only for return paths: it relays nothing', async () => {
    await expect(
      mailReport('someone@elsewhere.example', deliveryStatusNotification({ messageId: '<r@x>' })),
    ).rejects.toMatchObject({ responseCode: 550 });
    // An organization's domain that no check has verified is not a return path either.
    await db()
      .insertInto('organization_domain')
      .values({
        organization_id: organizationId,
        kind: 'sending',
        domain: 'unverified.example',
        envfrom: 'rp',
      })
      .execute();
    await expect(
      mailReport('bounce@rp.unverified.example', deliveryStatusNotification({ messageId: '<u@x>' })),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('does not let one organization bounce another organization’s delivery', async () => {
    const otherId = await createOrganization(herald, 'Other Books');
    await db()
      .insertInto('organization_domain')
      .values({
        organization_id: otherId,
        kind: 'sending',
        domain: 'other.example',
        envfrom: 'rp',
        verified_at: new Date(),
      })
      .execute();
    const { subscriberId, deliveryId } = await delivered('safe@example.org');
    const dsn = deliveryStatusNotification({
      messageId: '<forged@other.example>',
      returned: { type: 'message/rfc822', deliveryId },
    });
    await mailReport('bounce@rp.other.example', dsn);
    expect((await subscriber(subscriberId)).is_invalid).toBe(false);
  });

  describe('provider webhooks', () => {
    const postTwilio = (params: Record<string, string>, signature?: string) => {
      const body = new URLSearchParams(params);
      const path = `/webhooks/twilio/${organizationId}`;
      return fetch(`${herald.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature':
            signature ?? twilioSignature(twilioToken, `${herald.config.publicUrl}${path}`, body),
        },
        body,
      });
    };
    const postWhatsApp = (payload: unknown, secret = whatsAppSecret) => {
      const body = Buffer.from(JSON.stringify(payload));
      return fetch(`${herald.url}/webhooks/whatsapp/${organizationId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': whatsAppSignature(secret, body),
        },
        body,
      });
    };

    it('records Twilio receipts: delivered, then a permanent failure as a hard bounce', async () => {
      const { subscriberId, deliveryId } = await delivered('sms-one@example.org', 'sms', 'SM0001');
      const deliveredReceipt = { MessageSid: 'SM0001', MessageStatus: 'delivered', AccountSid: 'AC123' };
      expect((await postTwilio(deliveredReceipt)).status).toBe(204);
      expect((await postTwilio(deliveredReceipt)).status).toBe(204);
      const receipts = await events(subscriberId, 'delivered');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.details).toMatchObject({ channel: 'sms', deliveryId: String(deliveryId) });

      const failed = await postTwilio({
        MessageSid: 'SM0001',
        MessageStatus: 'undelivered',
        ErrorCode: '30005',
        ErrorMessage: 'Unknown destination handset',
      });
      expect(failed.status).toBe(204);
      expect((await subscriber(subscriberId)).is_invalid).toBe(true);
      expect((await events(subscriberId, 'bounced'))[0]?.details).toMatchObject({
        type: 'hard',
        status: '30005',
      });
    });

    it('refuses a Twilio receipt whose signature does not check, without saying why', async () => {
      const { subscriberId } = await delivered('sms-two@example.org', 'sms', 'SM0002');
      const forged = await postTwilio(
        { MessageSid: 'SM0002', MessageStatus: 'delivered' },
        'bm90IGEgc2lnbmF0dXJl',
      );
      expect(forged.status).toBe(403);
      expect(await forged.text()).toBe('');
      // Signed with the right token for other parameters than the ones sent.
      const body = new URLSearchParams({ MessageSid: 'SM0002', MessageStatus: 'failed', ErrorCode: '30005' });
      const replayed = await postTwilio(
        { MessageSid: 'SM0002', MessageStatus: 'failed', ErrorCode: '30006' },
        twilioSignature(twilioToken, `${herald.config.publicUrl}/webhooks/twilio/${organizationId}`, body),
      );
      expect(replayed.status).toBe(403);
      // Another organization (with no Twilio credential) refuses the same way.
      const elsewhere = await fetch(`${herald.url}/webhooks/twilio/999999`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
        body: 'MessageSid=SM0002&MessageStatus=delivered',
      });
      expect(elsewhere.status).toBe(403);
      expect(await events(subscriberId, 'delivered')).toHaveLength(0);
    });

    it('records WhatsApp receipts signed with the app secret and refuses a bad signature', async () => {
      const { subscriberId } = await delivered('wa@example.org', 'whatsapp', 'wamid.ABC');
      const statuses = (status: Record<string, unknown>) => ({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { phone_number_id: '1234' },
                  statuses: [status],
                },
              },
            ],
          },
        ],
      });
      const forged = await postWhatsApp(statuses({ id: 'wamid.ABC', status: 'delivered' }), 'not-the-secret');
      expect(forged.status).toBe(403);
      expect(await events(subscriberId, 'delivered')).toHaveLength(0);

      expect((await postWhatsApp(statuses({ id: 'wamid.ABC', status: 'delivered' }))).status).toBe(200);
      expect(await events(subscriberId, 'delivered')).toHaveLength(1);
      const failed = statuses({
        id: 'wamid.ABC',
        status: 'failed',
        errors: [{ code: 131047, title: 'Re-engagement message' }],
      });
      expect((await postWhatsApp(failed)).status).toBe(200);
      expect((await events(subscriberId, 'bounced'))[0]?.details).toMatchObject({
        type: 'soft',
        status: '131047',
        diagnostic: 'Re-engagement message',
      });
      expect((await subscriber(subscriberId)).is_invalid).toBe(false);
    });
  });
});

/** A DSN as Postfix writes one (RFC 3464): a human part, the delivery-status part, the returned message. */
function deliveryStatusNotification(options: {
  messageId: string;
  recipient?: string;
  action?: string;
  status?: string;
  diagnostic?: string;
  returned?: { type: 'message/rfc822' | 'text/rfc822-headers'; deliveryId?: number };
}): string {
  const recipient = options.recipient ?? 'someone@example.org';
  const returned = options.returned ?? { type: 'text/rfc822-headers' };
  const returnedHeaders = [
    'Return-Path: <bounce@rp.news.example.com>',
    'From: Bounce Books <news@news.example.com>',
    `To: <${recipient}>`,
    'Subject: Our spring catalogue',
    'Message-ID: <original-1@news.example.com>',
    ...(returned.deliveryId === undefined ? [] : [`X-Herald-Delivery: ${returned.deliveryId}`]),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return [
    'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
    'To: bounce@rp.news.example.com',
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: ${options.messageId}`,
    'Date: Mon, 3 Mar 2025 10:00:00 +0000',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="DSN-BOUNDARY"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--DSN-BOUNDARY',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.org.',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--DSN-BOUNDARY',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    'X-Postfix-Queue-ID: 4F2A81C0123',
    'Arrival-Date: Mon, 3 Mar 2025 09:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${options.status ?? '5.1.1'}`,
    'Remote-MTA: dns; mail.example.org',
    // Folded as MTAs fold long diagnostics.
    `Diagnostic-Code: ${(options.diagnostic ?? 'smtp; 550 5.1.1 User unknown').replace(/: /, ':\r\n    ')}`,
    '',
    '--DSN-BOUNDARY',
    `Content-Description: ${returned.type === 'message/rfc822' ? 'Undelivered Message' : 'Undelivered Message Headers'}`,
    `Content-Type: ${returned.type}`,
    '',
    ...returnedHeaders,
    ...(returned.type === 'message/rfc822' ? ['', 'Spring is here.'] : []),
    '',
    '--DSN-BOUNDARY--',
    '',
  ].join('\r\n');
}

/** A complaint as a mailbox provider's feedback loop sends one (RFC 5965 ARF). */
function complaintReport(
  deliveryId: number,
  recipient: string,
  messageId = '<arf-1@hotmail.example>',
): string {
  return [
    'From: <staff@hotmail.example>',
    'To: <bounce@bounce.herald.test>',
    'Subject: complaint about message from 192.0.2.1',
    `Message-ID: ${messageId}`,
    'Date: Thu, 8 Mar 2025 14:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF-BOUNDARY"',
    '',
    '--ARF-BOUNDARY',
    'Content-Type: text/plain; charset="US-ASCII"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--ARF-BOUNDARY',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    'Original-Mail-From: <bounce@bounce.herald.test>',
    `Original-Rcpt-To: <${recipient}>`,
    'Arrival-Date: Thu, 8 Mar 2025 14:00:00 +0000',
    'Source-IP: 192.0.2.1',
    '',
    '--ARF-BOUNDARY',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    'From: <news@news.example.com>',
    `To: <${recipient}>`,
    'Subject: Our spring catalogue',
    `X-Herald-Delivery: ${deliveryId}`,
    'Message-ID: <original-2@news.example.com>',
    '',
    'Spring is here.',
    '',
    '--ARF-BOUNDARY--',
    '',
  ].join('\r\n');
}
