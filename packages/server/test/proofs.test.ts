import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProofMatrix } from '../src/proofs/proof-matrix.ts';
import { sendProofs } from '../src/proofs/send-proofs.ts';
import type { Actor } from '../src/query/resources.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;

/**
 * Proofs through Herald's real mail path: the outbox and SMTP to a real SMTP server on
 * loopback, personalized as each test profile; and the proof matrix of versions × test profiles.
 */
describe('proofs', () => {
  let smtp: SmtpPeer;
  let herald: TestHerald;
  let organizationId: number;
  let editor: Connected;
  let tester: Connected;
  let actor: Actor;
  let campaignId: number;

  const write = async <R extends { id: number }>(type: string, data: unknown[]) =>
    (await editor.channel.call<{ records: R[] }>('writeRecords', { organizationId, type, data })).records;
  const activityWith = async (type: string, channels: Record<string, unknown>) => {
    const [activity] = await write('activity', [{ campaignId, type, name: `Autumn ${type}` }]);
    await editor.channel.call('saveActivityRevision', {
      organizationId,
      activityId: activity!.id,
      content: { schemaVersion: 3, channels },
    });
    return activity!.id;
  };
  const setTestProfile = (who: Connected, testProfile: Record<string, string>) =>
    who.session.call('updateUserSettings', {
      sessionId: who.sessionId,
      settings: JSON.stringify({ testProfile }),
    });
  const email = {
    subject: 'Hi {{ subscriber.firstname | default: "there" }}',
    html: '<p>Hello {{ subscriber.firstname }}, <a href="{{ unsubscribe_url }}">unsubscribe</a></p>',
  };

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    herald = await startTestHerald({ smtpUrl: smtp.url });
    organizationId = await createOrganization(herald, 'Harbour Coffee');
    editor = await connectAs(herald, organizationId, ['Content.Edit']);
    tester = await connectAs(herald, organizationId, ['Content.Edit']);
    await setTestProfile(editor, { firstName: 'Ed', lastName: 'Itor', email: 'ed@harbour.test' });
    await setTestProfile(tester, { firstName: 'Tess', lastName: 'Ter', email: 'tess@harbour.test' });
    actor = {
      organizationId,
      userId: editor.user.id,
      capabilities: ['base', 'content-edit'],
      partitionIds: undefined,
    };
    campaignId = (await write('campaign', [{ name: 'Autumn', startDate: '2026-03-01' }]))[0]!.id;
  });

  afterAll(async () => {
    editor.close();
    tester.close();
    await herald.stop();
    await smtp.stop();
  });

  it('mails an e-mail proof as each test profile and as the sample recipient, HTML and text, through SMTP', async () => {
    const activityId = await activityWith('email', { email });
    const sent = await sendProofs(herald.services, actor, {
      activityId,
      emails: ['boss@harbour.test'],
      testProfileIds: [tester.user.id],
    });
    expect(sent.map(({ to, renderedAs, subject }) => ({ to, renderedAs, subject }))).toEqual([
      { to: 'boss@harbour.test', renderedAs: 'Alex Sample', subject: '[Proof] Hi Alex' },
      { to: 'tess@harbour.test', renderedAs: 'Tess Ter', subject: '[Proof] Hi Tess' },
    ]);
    const tess = await smtp.waitForMessageTo('tess@harbour.test');
    expect(tess.subject).toBe('[Proof] Hi Tess');
    expect(tess.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(tess.raw).toMatch(/Content-Type: text\/html/i);
    expect(tess.raw).toContain('Hello Tess');
    // A proof's links are a preview's: unsubscribing from it unsubscribes nobody.
    expect(tess.raw).toContain('/t/u/preview');
    const outbox = await herald.database.db
      .selectFrom('outbox')
      .select(['recipient', 'html', 'sent_at'])
      .where('id', '=', sent[1]!.outboxId)
      .executeTakeFirstOrThrow();
    expect(outbox.recipient).toBe('tess@harbour.test');
    expect(outbox.html).toContain('Hello Tess');
    expect(outbox.sent_at).not.toBeNull();
    const notices = await herald.database.db
      .selectFrom('user_notification')
      .select(['kind', 'message_key', 'record_id'])
      .where('user_id', '=', editor.user.id)
      .execute();
    expect(notices).toContainEqual({
      kind: 'proofs',
      message_key: 'proofSent',
      record_id: String(activityId),
    });
  });

  it('mails a proof of another channel as an e-mail that names the channel', async () => {
    const activityId = await activityWith('sms', {
      sms: { text: 'Hi {{ subscriber.firstname }}, 2 for 1 today' },
    });
    const [sent] = await sendProofs(herald.services, actor, { activityId, testProfileIds: [editor.user.id] });
    expect(sent!.subject).toBe('[Proof · SMS] Autumn sms');
    const message = await smtp.waitForMessageTo('ed@harbour.test');
    expect(message.raw).toContain('Hi Ed, 2 for 1 today');
  });

  it('refuses a request with nobody, a bad address, a stranger or a profile without an address, and sends nothing', async () => {
    const activityId = await activityWith('email', { email });
    const before = smtp.messages.length;
    const refusal = async (request: Parameters<typeof sendProofs>[2]) =>
      sendProofs(herald.services, actor, request).then(
        () => undefined,
        (error: { type?: string; details?: Array<{ path: string }> }) => [
          error.type,
          error.details?.[0]?.path,
        ],
      );
    expect(await refusal({ activityId })).toEqual(['ValidationError', 'emails']);
    expect(await refusal({ activityId, emails: ['ed@harbour.test|x'] })).toEqual([
      'ValidationError',
      'emails.0',
    ]);
    const outsider = await connectAs(herald, await createOrganization(herald), ['Content.Edit']);
    expect(await refusal({ activityId, testProfileIds: [outsider.user.id] })).toEqual([
      'ValidationError',
      'testProfileIds.0',
    ]);
    outsider.close();
    const blank = await connectAs(herald, organizationId, ['Content.Edit']);
    await setTestProfile(blank, { firstName: 'No', lastName: 'Address' });
    expect(await refusal({ activityId, testProfileIds: [blank.user.id] })).toEqual([
      'ValidationError',
      'testProfileIds.0',
    ]);
    blank.close();
    const many = Array.from({ length: 21 }, (_, index) => `p${index}@harbour.test`);
    expect(await refusal({ activityId, emails: many })).toEqual(['ValidationError', 'emails']);
    expect(smtp.messages.length).toBe(before);
  });

  it('answers the proof matrix: every version × every test profile, "Your account" first', async () => {
    const activityId = await activityWith('email', {
      email: {
        ...email,
        variations: [
          { id: 'welcome', name: 'Welcome', subject: 'Welcome {{ subscriber.firstname }}' },
          { id: 'hey', name: 'Hey', subject: 'Hey {{ subscriber.firstname }}' },
        ],
      },
    });
    const matrix = await generateProofMatrix(herald.services, actor, { activityId });
    expect(matrix.versions).toBe(3);
    expect(matrix.truncated).toBe(false);
    // Another test of this file adds a member with a test profile; the two here are the ones that matter.
    expect(matrix.profiles[0]!.name).toBe('Ed Itor');
    const ours = matrix.cells.filter((cell) =>
      [editor.user.id, tester.user.id].includes(cell.testProfileId ?? 0),
    );
    expect(ours.map((cell) => [cell.variation, cell.testProfileId, cell.subject])).toEqual([
      [0, editor.user.id, 'Hi Ed'],
      [0, tester.user.id, 'Hi Tess'],
      [1, editor.user.id, 'Welcome Ed'],
      [1, tester.user.id, 'Welcome Tess'],
      [2, editor.user.id, 'Hey Ed'],
      [2, tester.user.id, 'Hey Tess'],
    ]);
    expect(matrix.cells).toHaveLength(3 * matrix.profiles.length);
    expect(ours[3]!.html).toContain('Hello Tess');
  });

  it('sends proofs and the matrix through the workflow command, logged and leaving the status as it is', async () => {
    const activityId = await activityWith('email', { email });
    const reply = await editor.channel.call<{
      activity: { status: string };
      eventId: number;
      proofs: Array<{ to: string; renderedAs: string }>;
    }>('workflow', { organizationId, activityId, action: 'proof', testProfileIds: [tester.user.id] });
    expect(reply.activity.status).toBe('draft');
    expect(reply.proofs).toEqual([
      expect.objectContaining({ to: 'tess@harbour.test', renderedAs: 'Tess Ter' }),
    ]);
    const logged = await herald.database.db
      .selectFrom('workflow_event')
      .select(['action', 'details', 'user_id'])
      .where('id', '=', reply.eventId)
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({
      action: 'proof',
      user_id: editor.user.id,
      details: { sentTo: ['tess@harbour.test'] },
    });
    const matrix = await editor.channel.call<{ proofMatrix: { versions: number; cells: unknown[] } }>(
      'workflow',
      {
        organizationId,
        activityId,
        action: 'generateProofMatrix',
      },
    );
    expect(matrix.proofMatrix.versions).toBe(1);
    expect(matrix.proofMatrix.cells.length).toBeGreaterThanOrEqual(2);
    const refused = await editor.channel.request('workflow', { organizationId, activityId, action: 'proof' });
    expect(refused.error?.type).toBe('ValidationError');
  });

  it('keeps proofs within the organization: another organization’s activity is not found', async () => {
    const other = await createOrganization(herald, 'Elsewhere');
    const stranger = await connectAs(herald, other, ['Content.Edit']);
    const [campaign] = (
      await stranger.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId: other,
        type: 'campaign',
        data: [{ name: 'Theirs', startDate: '2026-03-01' }],
      })
    ).records;
    const [activity] = (
      await stranger.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId: other,
        type: 'activity',
        data: [{ campaignId: campaign!.id, type: 'email', name: 'Theirs' }],
      })
    ).records;
    stranger.close();
    await expect(
      sendProofs(herald.services, actor, { activityId: activity!.id, emails: ['ed@harbour.test'] }),
    ).rejects.toMatchObject({ type: 'ActivityNotFoundError' });
  });
});
