import { randomBytes } from 'node:crypto';
import type { CheckResult, CheckStatus } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runActivityChecks } from '../src/checks/run-activity-checks.ts';
import type { Actor } from '../src/query/resources.ts';
import { addList, addMember, addSubscriber, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;

/**
 * runActivityChecks against the real database: activities and revisions written through the
 * real commands, assets, lists, subscribers and test profiles in their tables, each check's outcome read back.
 */
describe('runActivityChecks', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: Connected;
  let actor: Actor;
  let campaignId: number;
  let listId: number;
  let publishedPath: string;
  let draftPath: string;

  const write = async <R extends { id: number; version: number }>(type: string, data: unknown[]) =>
    (await editor.channel.call<{ records: R[] }>('writeRecords', { organizationId, type, data })).records;

  /** An activity with its settings and one saved revision of `channels`; answers its id and the revision's. */
  const activityWith = async (settings: Record<string, unknown>, channels: Record<string, unknown>) => {
    const [activity] = await write('activity', [{ campaignId, type: 'email', name: 'Autumn', ...settings }]);
    const { revisionId } = await editor.channel.call<{ revisionId: number }>('saveActivityRevision', {
      organizationId,
      activityId: activity!.id,
      content: { schemaVersion: 3, channels },
    });
    return { activityId: activity!.id, revisionId };
  };
  const statuses = (results: CheckResult[]) =>
    Object.fromEntries(results.map((result) => [result.name, result.status])) as Record<string, CheckStatus>;
  const addAsset = async (name: string, isPublished: boolean) => {
    const row = await herald.database.db
      .insertInto('asset')
      .values({
        organization_id: organizationId,
        name,
        kind: 'image',
        file_type: 'png',
        file_name: `${name.toLowerCase()}.png`,
        size: 2048,
        sha256: randomBytes(32).toString('hex'),
        content: Buffer.from('png'),
        preview_key: randomBytes(16).toString('hex'),
        tags: [],
        partition_ids: [],
        is_published: isPublished,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The organization's public URL is plain http in tests; an e-mail's images would be on its https one.
    return `https://harbour.example/media/${organizationId}/${row.id}/${name.toLowerCase()}.png`;
  };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Coffee');
    editor = await connectAs(herald, organizationId, ['Content.Edit']);
    actor = {
      organizationId,
      userId: editor.user.id,
      capabilities: ['base', 'content-edit'],
      partitionIds: undefined,
    };
    campaignId = (await write('campaign', [{ name: 'Autumn', startDate: '2026-03-01' }]))[0]!.id;
    listId = await addList(herald, organizationId, 'Coffee club');
    for (const firstname of ['Dewi', 'Ken', 'Mia'])
      await addMember(
        herald,
        organizationId,
        listId,
        await addSubscriber(herald, organizationId, { firstname }),
      );
    // On the list but not to be sent to: the recipients check leaves them out.
    for (const standing of [{ isUnsubscribed: true }, { isInvalid: true }])
      await addMember(herald, organizationId, listId, await addSubscriber(herald, organizationId, standing));
    // A second member's test profile, with a first name but no last name.
    const colleague = await connectAs(herald, organizationId, ['Content.Edit']);
    colleague.close();
    await herald.database.db
      .updateTable('user_account')
      .set({
        settings: JSON.stringify({
          testProfile: { firstName: 'Ken', lastName: '', email: 'ken@example.test', mobile: '' },
        }),
      })
      .where('id', '=', colleague.user.id)
      .execute();
    publishedPath = await addAsset('Beans', true);
    draftPath = await addAsset('Draft', false);
  });
  afterAll(async () => {
    editor?.close();
    await herald?.stop();
  });

  it('passes a clean e-mail to a list within its send limit, warning only that the From domain is unverified', async () => {
    const { activityId } = await activityWith(
      { target: `list ${listId}`, sendLimit: 10 },
      {
        email: {
          subject: '{{ subscriber.firstname | default: "Friend" }}, autumn roasts are here',
          fromAddress: 'news@harbour.example',
          html:
            `<p>Hi {{ subscriber.firstname | default: "there" }}</p><img src="${publishedPath}" alt="Beans">` +
            '<a href="https://harbour.example/shop">Shop</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a>',
        },
      },
    );
    const results = await runActivityChecks({ db: herald.database.db, actor, activityId });
    expect(results.map((result) => result.name)).toEqual([
      'size',
      'images',
      'links',
      'subject',
      'officeXml',
      'from',
      'trackingImage',
      'destination',
      'recipients',
      'content',
    ]);
    expect(statuses(results)).toEqual({
      size: 'pass',
      images: 'pass',
      links: 'pass',
      subject: 'pass',
      officeXml: 'pass',
      from: 'warn',
      trackingImage: 'pass',
      destination: 'pass',
      recipients: 'pass',
      content: 'pass',
    });
    expect(results.find((result) => result.name === 'recipients')?.message).toBe(
      'The target reaches 3 subscribers (send limit 10).',
    );
    expect(results.find((result) => result.name === 'content')?.message).toBe(
      'The content renders for 2 test profiles, every field with a value or a fallback.',
    );
  });

  it('finds what to fix in a careless e-mail, per variation', async () => {
    const { activityId } = await activityWith(
      { target: 'country = "AU"', sendLimit: 2 },
      {
        email: {
          subject: 'Hello {{ subscriber.lastname }}',
          html:
            `<p class="MsoNormal">Hi<o:p></o:p></p><img src="${draftPath}" alt="Draft"><img src="${publishedPath}">` +
            '<a href="http://localhost:8080/shop">Shop</a>',
          variations: [{ id: 'loud', name: 'Loud', subject: 'FREE COFFEE FOR EVERY WINNER' }],
        },
      },
    );
    const results = await runActivityChecks({ db: herald.database.db, actor, activityId });
    expect(statuses(results)).toEqual({
      size: 'pass',
      images: 'fail',
      links: 'fail',
      subject: 'warn',
      officeXml: 'warn',
      from: 'warn',
      trackingImage: 'pass',
      destination: 'warn',
      recipients: 'warn',
      content: 'warn',
    });
    const byName = Object.fromEntries(results.map((result) => [result.name, result]));
    expect(byName.images?.details).toEqual([
      'Asset “Draft” is not published: publish it or choose another picture.',
      'Image “beans.png” has no alt text: describe it.',
    ]);
    expect(byName.links?.details).toEqual([
      'Link “shop” points at localhost, which only your own network reaches: use the public address.',
      'There is no unsubscribe link: add a link to {{ unsubscribe_url }}.',
    ]);
    expect(byName.subject).toMatchObject({ variation: 1 });
    expect(byName.destination?.message).toBe('Your target expression does not include a list or audience.');
    // Nobody here has a country: the target reaches no one, which warns.
    expect(byName.recipients?.message).toBe('The target reaches no subscribers: check its conditions.');
    expect(byName.content?.message).toContain('{{ subscriber.lastname }} is empty for');
  });

  it('fails a target past the send limit, and checks the revision named', async () => {
    const { activityId, revisionId } = await activityWith(
      { target: `list ${listId}`, sendLimit: 2 },
      { email: { subject: '', html: '<p>{{ unsubscribe_url }}</p>' } },
    );
    await editor.channel.call('saveActivityRevision', {
      organizationId,
      activityId,
      content: {
        schemaVersion: 3,
        channels: { email: { subject: 'Better', html: '<p>{{ unsubscribe_url }}</p>' } },
      },
    });
    const latest = await runActivityChecks({ db: herald.database.db, actor, activityId });
    expect(statuses(latest).subject).toBe('pass');
    const earlier = await runActivityChecks({ db: herald.database.db, actor, activityId, revisionId });
    expect(statuses(earlier).subject).toBe('fail');
    expect(earlier.find((result) => result.name === 'recipients')?.message).toBe(
      'The target reaches 3 subscribers, over the send limit of 2: narrow the target or raise the limit.',
    );
  });

  it('fails an activity without a target, and stops when its signal is aborted', async () => {
    const { activityId } = await activityWith(
      {},
      { email: { subject: 'Hi', html: '<p>{{ unsubscribe_url }}</p>' } },
    );
    const results = await runActivityChecks({ db: herald.database.db, actor, activityId });
    expect(statuses(results)).toMatchObject({ destination: 'fail', recipients: 'fail' });
    const controller = new AbortController();
    const reason = new Error('cancelled');
    controller.abort(reason);
    await expect(
      runActivityChecks({ db: herald.database.db, actor, activityId, signal: controller.signal }),
    ).rejects.toBe(reason);
    // Aborted once running (cancelCheck while it renders): it stops at the next step with the reason.
    const running = new AbortController();
    const run = runActivityChecks({ db: herald.database.db, actor, activityId, signal: running.signal });
    running.abort(reason);
    await expect(run).rejects.toBe(reason);
  });

  it('runs the checks that apply to an SMS', async () => {
    const { activityId } = await activityWith(
      { type: 'sms', target: `list ${listId}` },
      { sms: { text: 'Hi {{ subscriber.lastname }}, new roasts at https://harbour.example/r' } },
    );
    const results = await runActivityChecks({ db: herald.database.db, actor, activityId });
    expect(statuses(results)).toEqual({
      size: 'pass',
      images: 'pass',
      links: 'pass',
      subject: 'pass',
      officeXml: 'pass',
      from: 'pass',
      trackingImage: 'pass',
      destination: 'pass',
      recipients: 'pass',
      content: 'warn',
    });
    expect(results.find((result) => result.name === 'size')?.message).toBe('The SMS is 1 segment.');
  });

  it('answers ActivityNotFoundError for another organization’s activity', async () => {
    const { activityId } = await activityWith({}, { email: { subject: 'Hi', html: '<p>Hi</p>' } });
    const other = await createOrganization(herald, 'Elsewhere');
    await expect(
      runActivityChecks({ db: herald.database.db, actor: { ...actor, organizationId: other }, activityId }),
    ).rejects.toMatchObject({ type: 'ActivityNotFoundError' });
  });
});
