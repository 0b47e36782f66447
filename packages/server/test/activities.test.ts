import { designToMjml, type EmailDesign } from '@herald/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { addList, addPartition, addSubscriber, connectAs } from './subscriber-fixtures.ts';

interface Activity {
  id: number;
  campaignId: number;
  type: string;
  name: string;
  date: string | null;
  target: string | null;
  templateUrl: string | null;
  latestRevisionId: number | null;
  partitionIds: number[];
  distribution: Record<string, unknown>;
  sendLimit: number | null;
  throttle: number | null;
  frequency: Record<string, unknown>;
  status: string;
  notes: string;
  approvalResetAt: string | null;
  isArchived: boolean;
  updatedAt: string;
  version: number;
}

interface Revision {
  id: number;
  activityId: number;
  content: { schemaVersion: number; channels: Record<string, unknown> & { features: { lsmoptin: unknown } } };
  approvalStatus: string;
  timestamp: string;
  trackingDomain: string | null;
}

const CONTENT: Record<string, Record<string, unknown>> = {
  email: { subject: 'Hello {{ subscriber.firstname }}', html: '<p>Hi {{ subscriber.firstname }}</p>' },
  sms: { text: 'Hi {{ subscriber.firstname }}, 2 for 1 today' },
  pushnotification: {
    title: 'Hi {{ subscriber.firstname }}',
    body: 'Your pizza is ready',
    deepLink: 'app://o/1',
  },
  whatsapp: { templateName: 'order_ready', language: 'en_US', parameters: ['{{ subscriber.firstname }}'] },
  web: { placement: 'banner', html: '<div>Welcome back {{ subscriber.firstname }}</div>' },
  line: { messages: [{ type: 'text', text: 'Hi {{ subscriber.firstname }}' }] },
  displayad: { audienceName: 'Lapsed pizza lovers', sizes: ['300x250', '728x90'] },
};
const CHANNELS = Object.keys(CONTENT);

const contentOf = (channel: string, extra: Record<string, unknown> = {}) => ({
  schemaVersion: 3,
  channels: { [channel]: CONTENT[channel], ...extra },
});

describe('activities', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: ChannelClient;
  let reader: ChannelClient;
  let deployer: ChannelClient;
  let north: { setId: number; partitionId: number };
  let south: { setId: number; partitionId: number };
  let campaignId: number;
  let northCampaignId: number;
  let listId: number;
  const closers: Array<() => void> = [];

  const connect = async (roles: string[], partitionsets: number[] = []) => {
    const connection = await connectAs(herald, organizationId, roles, partitionsets);
    closers.push(() => connection.close());
    return connection;
  };
  const write = (client: ChannelClient, data: unknown[]) =>
    client.request('writeRecords', { organizationId, type: 'activity', data });
  const create = async (fields: Record<string, unknown> = {}, client = editor): Promise<Activity> => {
    const reply = await write(client, [{ campaignId, type: 'email', name: 'Activity', ...fields }]);
    expect(reply.error).toBeUndefined();
    return (reply.result as { records: Activity[] }).records[0]!;
  };
  const update = async (activity: Activity, fields: Record<string, unknown>): Promise<Activity> => {
    const reply = await write(editor, [{ id: activity.id, version: activity.version, ...fields }]);
    expect(reply.error).toBeUndefined();
    return (reply.result as { records: Activity[] }).records[0]!;
  };
  const query = async (client: ChannelClient, filter: Record<string, unknown>, extra = {}) =>
    client.call<{ records: Activity[]; total: number }>('query', {
      organizationId,
      query: { type: 'activity', filter },
      limit: 1000,
      ...extra,
    });
  const activityCount = async () =>
    Number(
      (
        await herald.database.db
          .selectFrom('activity')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const save = (client: ChannelClient, activityId: unknown, content: unknown, extra = {}) =>
    client.request('saveActivityRevision', { organizationId, activityId, content, ...extra });

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    north = await addPartition(herald, organizationId, 'Northgate');
    south = await addPartition(herald, organizationId, 'Southbank');
    listId = await addList(herald, organizationId, 'Pizza club');
    editor = (await connect(['Content.Edit'])).channel;
    reader = (await connect(['Database.Read'])).channel;
    deployer = (await connect(['Content.Edit', 'Content.Deploy'])).channel;
    const campaigns = await editor.call<{ records: Array<{ id: number }> }>('writeRecords', {
      organizationId,
      type: 'campaign',
      data: [
        { name: 'Winter menu', startDate: '2026-06-01' },
        { name: 'Northgate reopening', startDate: '2026-06-01', partitionIds: [north.partitionId] },
      ],
    });
    campaignId = campaigns.records[0]!.id;
    northCampaignId = campaigns.records[1]!.id;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  describe('writeRecords', () => {
    it.each(CHANNELS)('creates a %s activity from a campaign, as a draft with the defaults', async (type) => {
      const activity = await create({ type, name: `  ${type} hello ` });
      expect(activity).toMatchObject({
        campaignId,
        type,
        name: `${type} hello`,
        date: null,
        target: null,
        templateUrl: null,
        latestRevisionId: null,
        partitionIds: [],
        distribution: { type: 'broadcast' },
        sendLimit: null,
        throttle: null,
        frequency: { type: 'none' },
        status: 'draft',
        notes: '',
        approvalResetAt: null,
        isArchived: false,
        version: 1,
      });
      const row = await herald.database.db
        .selectFrom('activity')
        .select(['organization_id', 'created_by'])
        .where('id', '=', activity.id)
        .executeTakeFirstOrThrow();
      expect(row.organization_id).toBe(organizationId);
    });

    it('stores every setting of functional §3, the target as its canonical text', async () => {
      const activity = await create(
        {
          type: 'sms',
          date: '2026-07-01T09:30:00+10:00',
          target: `LIST ${listId}   and country = "AU"`,
          templateUrl: 'https://templates.example/v5_promo',
          distribution: { type: 'event', event: 'abandoned', delayMinutes: 90 },
          frequency: { type: 'every', days: 7 },
          sendLimit: 5000,
          throttle: 600,
          notes: 'Check the coupon',
          partitionIds: [north.partitionId],
        },
        // The throttle is the deployer's to set.
        deployer,
      );
      expect(activity).toMatchObject({
        date: '2026-06-30T23:30:00.000Z',
        target: `list ${listId} and country = "AU"`,
        templateUrl: 'https://templates.example/v5_promo',
        distribution: { type: 'event', event: 'abandoned', delayMinutes: 90 },
        frequency: { type: 'every', days: 7 },
        sendLimit: 5000,
        throttle: 600,
        notes: 'Check the coupon',
        partitionIds: [north.partitionId],
      });
      const scheduled = await update(activity, { distribution: { type: 'scheduled', interval: 'weekly' } });
      expect(scheduled.distribution).toEqual({ type: 'scheduled', interval: 'weekly' });
      const cleared = await update(scheduled, { target: '  ', templateUrl: null, sendLimit: null });
      expect(cleared).toMatchObject({ target: null, templateUrl: null, sendLimit: null, version: 3 });
    });

    it('takes the campaign’s partitions when none are given', async () => {
      const activity = await create({ campaignId: northCampaignId });
      expect(activity.partitionIds).toEqual([north.partitionId]);
    });

    it.each([
      ['no campaign', { campaignId: undefined }, 'data.0.campaignId'],
      ['an unknown campaign', { campaignId: 2_000_000_000 }, 'data.0.campaignId'],
      ['no type', { type: undefined }, 'data.0.type'],
      ['an unknown type', { type: 'fax' }, 'data.0.type'],
      ['no name', { name: undefined }, 'data.0.name'],
      ['a blank name', { name: '   ' }, 'data.0.name'],
      ['a date without a zone', { date: '2026-07-01 09:30' }, 'data.0.date'],
      [
        'a scheduled activity without an interval',
        { distribution: { type: 'scheduled' } },
        'data.0.distribution.interval',
      ],
      [
        'an interval on a broadcast',
        { distribution: { type: 'broadcast', interval: 'daily' } },
        'data.0.distribution.interval',
      ],
      [
        'an event trigger without its event',
        { distribution: { type: 'event' } },
        'data.0.distribution.event',
      ],
      [
        'an unknown event',
        { distribution: { type: 'event', event: 'sneezed' } },
        'data.0.distribution.event',
      ],
      [
        'a delay on a broadcast',
        { distribution: { type: 'api', delayMinutes: 5 } },
        'data.0.distribution.delayMinutes',
      ],
      ['"every" without days', { frequency: { type: 'every' } }, 'data.0.frequency.days'],
      ['days without "every"', { frequency: { type: 'once', days: 3 } }, 'data.0.frequency.days'],
      ['a throttle of 0', { throttle: 0 }, 'data.0.throttle'],
      ['a throttle past the maximum send rate', { throttle: 60_001 }, 'data.0.throttle'],
      ['a negative send limit', { sendLimit: -1 }, 'data.0.sendLimit'],
      ['a target that does not parse', { target: 'list 12 and (' }, 'data.0.target'],
      ['a target naming an unknown list', { target: 'list 2000000000' }, 'data.0.target'],
      ['a partition of no one', { partitionIds: [2_000_000_000] }, 'data.0.partitionIds'],
      ['a status (the workflow’s)', { status: 'approved' }, 'data.0'],
      ['latestRevisionId (saveActivityRevision’s)', { latestRevisionId: 1 }, 'data.0'],
      ['organization_id', { organization_id: 1 }, 'data.0'],
      ['a version on create', { version: 2 }, 'data.0.version'],
    ])('refuses %s with ValidationError and writes nothing', async (_label, fields, path) => {
      const before = await activityCount();
      const reply = await write(editor, [
        { name: 'Good one', campaignId, type: 'email' },
        { campaignId, type: 'email', name: 'Bad one', ...fields },
      ]);
      expect(reply.error?.type).toBe('ValidationError');
      expect(reply.error?.message).toBe('The request is not valid.');
      expect(reply.error?.details?.[0]?.path.replace('data.1', 'data.0')).toContain(path);
      expect(await activityCount()).toBe(before);
    });

    it('refuses another organization’s campaign', async () => {
      const other = await createOrganization(herald);
      const foreign = await herald.database.db
        .insertInto('campaign')
        .values({ organization_id: other, name: 'Theirs', start_date: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reply = await write(editor, [{ campaignId: foreign.id, type: 'sms', name: 'x' }]);
      expect(reply.error?.details?.[0]?.path).toBe('data.0.campaignId');
    });

    it('lets only a deployer set or change the throttle; an unchanged one passes through', async () => {
      const refusedCreate = await write(editor, [{ campaignId, type: 'email', name: 'Fast', throttle: 500 }]);
      expect(refusedCreate.error?.type).toBe('PrivilegesError');
      const throttled = await create({ throttle: 500 }, deployer);
      expect(throttled.throttle).toBe(500);
      // An editor's form sends the throttle back as it was: that is no change, and the rest is saved.
      const renamed = await update(throttled, { name: 'Renamed', throttle: 500 });
      expect(renamed).toMatchObject({ name: 'Renamed', throttle: 500 });
      for (const throttle of [1000, null]) {
        const refused = await write(editor, [{ id: renamed.id, version: renamed.version, throttle }]);
        expect(refused.error?.type).toBe('PrivilegesError');
      }
      const changed = await write(deployer, [{ id: renamed.id, version: renamed.version, throttle: 60_000 }]);
      expect(changed.error).toBeUndefined();
      expect((changed.result as { records: Activity[] }).records[0]).toMatchObject({ throttle: 60_000 });
      const tooFast = await write(deployer, [
        { id: renamed.id, version: renamed.version + 1, throttle: 60_001 },
      ]);
      expect(tooFast.error?.type).toBe('ValidationError');
      expect(tooFast.error?.details?.[0]?.path).toBe('data.0.throttle');
    });

    it('updates with the version read; refuses a changed type, a stale version and an unknown id', async () => {
      const activity = await create({ type: 'sms' });
      const renamed = await update(activity, { name: 'Renamed', type: 'sms' });
      expect(renamed).toMatchObject({ name: 'Renamed', version: 2 });
      const retype = await write(editor, [{ id: activity.id, version: 2, type: 'email' }]);
      expect(retype.error?.details?.[0]).toMatchObject({ path: 'data.0.type' });
      const stale = await write(editor, [{ id: activity.id, version: 1, name: 'Lost' }]);
      expect(stale.error?.type).toBe('StaleRecordError');
      const unknown = await write(editor, [{ id: 2_000_000_000, version: 1, name: 'Ghost' }]);
      expect(unknown.error).toEqual({ type: 'ActivityNotFoundError', message: 'Activity not found' });
    });

    it('archives; an archived activity can only be unarchived', async () => {
      const activity = await create();
      const archived = await update(activity, { isArchived: true });
      expect(archived.isArchived).toBe(true);
      const edit = await write(editor, [{ id: activity.id, version: archived.version, name: 'Edited' }]);
      expect(edit.error).toEqual({
        type: 'ItemNotEditableError',
        message: 'This item cannot be edited or deleted.',
      });
      const restored = await update(archived, { isArchived: false, name: 'Back' });
      expect(restored).toMatchObject({ isArchived: false, name: 'Back' });
    });
  });

  describe('approval reset', () => {
    /** Puts the activity up for approval and approves its latest revision, as the workflow will. */
    const approve = async (activity: Activity) => {
      const { revisionId } = await editor.call<{ revisionId: number }>('saveActivityRevision', {
        organizationId,
        activityId: activity.id,
        content: contentOf(activity.type),
      });
      await sql`UPDATE activity_revision SET approval_status = 'approved' WHERE id = ${revisionId}`.execute(
        herald.database.db,
      );
      await sql`UPDATE activity SET status = 'approved' WHERE id = ${activity.id}`.execute(
        herald.database.db,
      );
      const [fresh] = (await query(editor, { id: activity.id })).records;
      return { activity: fresh!, revisionId };
    };
    const approvalOf = async (revisionId: number) =>
      (
        await herald.database.db
          .selectFrom('activity_revision')
          .select('approval_status')
          .where('id', '=', revisionId)
          .executeTakeFirstOrThrow()
      ).approval_status;

    it.each(['target', 'date'])('changing the %s resets an approval, and is recorded', async (field) => {
      const { activity, revisionId } = await approve(
        await create({ target: 'country = "AU"', date: '2026-07-01T00:00:00Z' }),
      );
      const changed = field === 'target' ? { target: `list ${listId}` } : { date: '2026-08-01T00:00:00Z' };
      const updated = await update(activity, changed);
      expect(updated.status).toBe('draft');
      expect(updated.approvalResetAt).not.toBeNull();
      expect(await approvalOf(revisionId)).toBe('reset');
      expect((await query(editor, { view: 'modified' })).records.map((record) => record.id)).toContain(
        activity.id,
      );
    });

    it('other changes, and a target written the same, keep the approval', async () => {
      const { activity, revisionId } = await approve(
        await create({ target: 'country = "AU"', date: '2026-07-01T00:00:00Z' }),
      );
      const updated = await update(activity, {
        name: 'Renamed',
        notes: 'n',
        target: 'country   =   "AU"',
        date: '2026-07-01T10:00:00+10:00',
      });
      expect(updated).toMatchObject({ status: 'approved', approvalResetAt: null });
      expect(await approvalOf(revisionId)).toBe('approved');
    });

    it('an activity never put up for approval has nothing to reset', async () => {
      const activity = await create();
      const updated = await update(activity, { target: 'country = "NZ"' });
      expect(updated).toMatchObject({ status: 'draft', approvalResetAt: null });
    });
  });

  describe('query', () => {
    let other: Activity;
    let archived: Activity;
    let deployed: Activity;
    let stale: Activity;
    let ownCampaign: number;

    beforeAll(async () => {
      const { records } = await editor.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'campaign',
        data: [{ name: 'Filters', startDate: '2026-06-01' }],
      });
      ownCampaign = records[0]!.id;
      other = await create({ campaignId: ownCampaign, type: 'line', name: 'Zebra line' });
      archived = await create({
        campaignId: ownCampaign,
        type: 'sms',
        name: 'Archived sms',
        isArchived: true,
      });
      deployed = await create({ campaignId: ownCampaign, type: 'email', name: 'Deployed email' });
      stale = await create({ campaignId: ownCampaign, type: 'web', name: 'Alpha web' });
      await sql`UPDATE activity SET status = 'deployed' WHERE id = ${deployed.id}`.execute(
        herald.database.db,
      );
      await sql`UPDATE activity SET updated_at = now() - interval '45 days' WHERE id = ${stale.id}`.execute(
        herald.database.db,
      );
    });
    const ids = (records: Activity[]) => records.map((record) => record.id);

    it('filters by campaign and type, sorts by name, and searches names', async () => {
      const inCampaign = await query(
        reader,
        { campaignId: ownCampaign },
        { sortKey: 'name', sortOrder: 'asc' },
      );
      expect(inCampaign.records.map((record) => record.name)).toEqual([
        'Alpha web',
        'Archived sms',
        'Deployed email',
        'Zebra line',
      ]);
      expect(ids((await query(reader, { campaignId: ownCampaign, type: 'line' })).records)).toEqual([
        other.id,
      ]);
      expect(
        ids((await query(reader, { campaignId: ownCampaign, type: ['line', 'web'] })).records).sort(),
      ).toEqual([other.id, stale.id].sort());
      const found = await reader.call<{ records: Activity[] }>('query', {
        organizationId,
        query: { type: 'activity', search: 'zebra' },
      });
      expect(ids(found.records)).toEqual([other.id]);
    });

    it('answers the views recent, deployed, modified and archived', async () => {
      const view = async (name: string) =>
        ids((await query(reader, { campaignId: ownCampaign, view: name })).records).sort();
      expect(await view('recent')).toEqual([other.id, deployed.id].sort());
      expect(await view('deployed')).toEqual([deployed.id]);
      expect(await view('archived')).toEqual([archived.id]);
      expect(await view('modified')).toEqual([]);
      expect(ids((await query(reader, { campaignId: ownCampaign, isArchived: true })).records)).toEqual([
        archived.id,
      ]);
      const bad = await reader.request('query', {
        organizationId,
        query: { type: 'activity', filter: { view: 'everything' } },
      });
      expect(bad.error?.details?.[0]?.path).toBe('query.filter.view');
    });

    it('a content save after an approved revision shows in modified', async () => {
      const activity = await create({ campaignId: ownCampaign, type: 'sms', name: 'Changed after approval' });
      const first = await editor.call<{ revisionId: number }>('saveActivityRevision', {
        organizationId,
        activityId: activity.id,
        content: contentOf('sms'),
      });
      await sql`UPDATE activity_revision SET approval_status = 'approved' WHERE id = ${first.revisionId}`.execute(
        herald.database.db,
      );
      expect(ids((await query(reader, { id: activity.id, view: 'modified' })).records)).toEqual([]);
      await editor.call('saveActivityRevision', {
        organizationId,
        activityId: activity.id,
        content: contentOf('sms'),
      });
      expect(ids((await query(reader, { id: activity.id, view: 'modified' })).records)).toEqual([
        activity.id,
      ]);
    });
  });

  describe('partitions', () => {
    it('a franchisee sees and writes only its partitions’ activities', async () => {
      const northOnly = await create({ partitionIds: [north.partitionId], name: 'North only' });
      const southOnly = await create({ partitionIds: [south.partitionId], name: 'South only' });
      const headOffice = await create({ name: 'Head office only' });
      const franchisee = (await connect(['franchisee'], [north.setId])).channel;
      const seen = (await query(franchisee, {})).records;
      expect(seen.map((record) => record.id)).toContain(northOnly.id);
      for (const hidden of [southOnly.id, headOffice.id]) {
        expect(seen.map((record) => record.id)).not.toContain(hidden);
        expect((await query(franchisee, { id: hidden })).total).toBe(0);
      }
      const refused = await write(franchisee, [{ campaignId: northCampaignId, type: 'sms', name: 'x' }]);
      expect(refused.error?.type).toBe('PrivilegesError');

      const storeEditor = (await connect(['franchisee', 'Content.Edit'], [north.setId])).channel;
      const own = await create({ campaignId: northCampaignId, type: 'sms', name: 'Store sms' }, storeEditor);
      expect(own.partitionIds).toEqual([north.partitionId]);
      const headOfficeCampaign = await write(storeEditor, [{ campaignId, type: 'sms', name: 'x' }]);
      expect(headOfficeCampaign.error?.details?.[0]?.path).toBe('data.0.campaignId');
      const outside = await write(storeEditor, [
        { campaignId: northCampaignId, type: 'sms', name: 'x', partitionIds: [south.partitionId] },
      ]);
      expect(outside.error?.details?.[0]?.path).toBe('data.0.partitionIds');
      const theirs = await write(storeEditor, [{ id: southOnly.id, version: 1, name: 'Taken' }]);
      expect(theirs.error?.type).toBe('ActivityNotFoundError');
      const content = await save(storeEditor, southOnly.id, contentOf('email'));
      expect(content.error?.type).toBe('ActivityNotFoundError');
    });
  });

  describe('revisions', () => {
    it('saves a revision of each channel and makes it the latest', async () => {
      for (const channel of CHANNELS) {
        const activity = await create({ type: channel });
        const reply = await save(editor, activity.id, contentOf(channel), {
          trackingDomain: 'Click.Example.com',
        });
        expect(reply.error).toBeUndefined();
        const { revisionId } = reply.result as { revisionId: number };
        const [stored] = (await query(reader, { id: activity.id })).records;
        expect(stored).toMatchObject({ latestRevisionId: revisionId, version: 2 });
        const revisions = await reader.call<{ records: Revision[] }>('query', {
          organizationId,
          query: { type: 'activityRevision', filter: { id: revisionId } },
        });
        expect(revisions.records[0]).toMatchObject({
          activityId: activity.id,
          approvalStatus: 'none',
          trackingDomain: 'click.example.com',
          content: { schemaVersion: 3 },
        });
      }
    });

    it('lists an activity’s revisions newest first', async () => {
      const activity = await create({ type: 'sms' });
      const saved: number[] = [];
      for (const text of ['one', 'two', 'three']) {
        const { revisionId } = (
          await save(editor, activity.id, { schemaVersion: 3, channels: { sms: { text } } })
        ).result as { revisionId: number };
        saved.push(revisionId);
      }
      const { records } = await reader.call<{ records: Revision[] }>('query', {
        organizationId,
        query: { type: 'activityRevision', filter: { activityId: activity.id } },
      });
      expect(records.map((record) => record.id)).toEqual([...saved].reverse());
      expect(records.map((record) => (record.content.channels.sms as { text: string }).text)).toEqual([
        'three',
        'two',
        'one',
      ]);
      const latest = await reader.call<{ records: Revision[] }>('query', {
        organizationId,
        query: { type: 'activityRevision', filter: { activityId: activity.id } },
        limit: 1,
      });
      expect(latest.records.map((record) => record.id)).toEqual([saved[2]]);
    });

    it('lsmoptin: optin by default, changed only by optin or optout', async () => {
      const activity = await create({ type: 'sms' });
      const preferenceAfter = async (features?: unknown) => {
        const reply = await save(
          editor,
          activity.id,
          contentOf('sms', features === undefined ? {} : { features }),
        );
        expect(reply.error).toBeUndefined();
        const { revisionId } = reply.result as { revisionId: number };
        const { records } = await reader.call<{ records: Revision[] }>('query', {
          organizationId,
          query: { type: 'activityRevision', filter: { id: revisionId } },
        });
        return (records[0]!.content.channels.features.lsmoptin as { defaultCommunicationPreference: string })
          .defaultCommunicationPreference;
      };
      expect(await preferenceAfter()).toBe('optin');
      expect(await preferenceAfter({ lsmoptin: { defaultCommunicationPreference: 'optout' } })).toBe(
        'optout',
      );
      expect(await preferenceAfter()).toBe('optout');
      expect(await preferenceAfter({ lsmoptin: { defaultCommunicationPreference: 'maybe' } })).toBe('optout');
      expect(await preferenceAfter({ lsmoptin: { defaultCommunicationPreference: null } })).toBe('optout');
      expect(await preferenceAfter({ lsmoptin: { defaultCommunicationPreference: 'optin' } })).toBe('optin');
    });

    it('refuses what is not the activity’s content, with the catalogue’s errors, and saves nothing', async () => {
      const activity = await create({ type: 'email' });
      const archived = await create({ type: 'email', isArchived: true });
      const cases: Array<[unknown, unknown, string]> = [
        ['abc', contentOf('email'), 'ActivityIdNotValidError'],
        [-4, contentOf('email'), 'ActivityIdNotValidError'],
        [1.5, contentOf('email'), 'ActivityIdNotValidError'],
        [2_000_000_000, contentOf('email'), 'ActivityNotFoundError'],
        [archived.id, contentOf('email'), 'ItemNotEditableError'],
        [activity.id, contentOf('sms'), 'ValidationError'],
        [
          activity.id,
          { schemaVersion: 3, channels: { email: CONTENT.email, sms: CONTENT.sms } },
          'ValidationError',
        ],
        [activity.id, { schemaVersion: 2, channels: { email: CONTENT.email } }, 'ValidationError'],
        [
          activity.id,
          { schemaVersion: 3, channels: { email: { subject: 'x', html: '<p/>', mjml: '<mjml/>' } } },
          'ValidationError',
        ],
        [activity.id, { schemaVersion: 3, channels: { email: { subject: 'x' } } }, 'ValidationError'],
      ];
      for (const [activityId, content, type] of cases) {
        const reply = await save(editor, activityId, content);
        expect(reply.error?.type, JSON.stringify(content)).toBe(type);
      }
      expect((await save(editor, activity.id, contentOf('email'))).error).toBeUndefined();
      const missing = await editor.request('saveActivityRevision', {
        organizationId,
        content: contentOf('email'),
      });
      expect(missing.error?.type).toBe('MissingParameterError');
      const { total } = await reader.call<{ total: number }>('query', {
        organizationId,
        query: { type: 'activityRevision', filter: { activityId: [activity.id, archived.id] } },
        limit: 0,
      });
      expect(total).toBe(1);
      const notValid = await save(editor, 'abc', contentOf('email'));
      expect(notValid.error?.message).toBe('Activity ID is not valid');
      // A route's id as text is an id.
      expect((await save(editor, String(activity.id), contentOf('email'))).error).toBeUndefined();
    });

    it('a reader cannot save', async () => {
      const activity = await create({ type: 'sms' });
      expect((await save(reader, activity.id, contentOf('sms'))).error?.type).toBe('PrivilegesError');
    });
  });

  describe('revision history', () => {
    const MJML = (headline: string, button: string) =>
      [
        '<mjml>',
        '  <mj-body>',
        '    <mj-section>',
        '      <mj-column>',
        `        <mj-text>${headline}</mj-text>`,
        `        <mj-button href="https://example.com/order">${button}</mj-button>`,
        '        <mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text>',
        '      </mj-column>',
        '    </mj-section>',
        '  </mj-body>',
        '</mjml>',
      ].join('\n');
    const email = (subject: string, headline: string, button = 'Order now') => ({
      schemaVersion: 3,
      channels: { email: { subject, mjml: MJML(headline, button) } },
    });
    const saved = async (activityId: number, content: unknown, extra = {}) => {
      const reply = await save(editor, activityId, content, extra);
      expect(reply.error).toBeUndefined();
      return (reply.result as { revisionId: number }).revisionId;
    };
    const revision = async (id: number) =>
      (
        await reader.call<{ records: Array<Revision & { configurations: unknown[] }> }>('query', {
          organizationId,
          query: { type: 'activityRevision', filter: { id } },
        })
      ).records[0]!;
    const restore = (client: ChannelClient, params: Record<string, unknown>) =>
      client.request('restoreActivityRevision', { organizationId, ...params });
    const compare = (client: ChannelClient, params: Record<string, unknown>) =>
      client.request('compareActivityRevisions', { organizationId, ...params });
    const revisionCount = async (activityId: number) =>
      (
        await reader.call<{ total: number }>('query', {
          organizationId,
          query: { type: 'activityRevision', filter: { activityId } },
          limit: 0,
        })
      ).total;

    it('restores an earlier revision as a new one with its content, and moves latestRevisionId', async () => {
      const activity = await create({ type: 'email' });
      const first = await saved(
        activity.id,
        {
          ...email('Two for Tuesday', 'Hi {{ subscriber.firstname }}'),
          channels: {
            ...email('Two for Tuesday', 'Hi {{ subscriber.firstname }}').channels,
            features: { lsmoptin: { defaultCommunicationPreference: 'optout' } },
          },
        },
        { configurations: [{ editor: 'native' }], trackingDomain: 'click.example.com' },
      );
      const second = await saved(activity.id, email('Three for Tuesday', 'Hello'));
      const watcher = (await connect(['Database.Read'])).channel;
      await watcher.call('addSubscription', { organizationId, query: { type: 'activityRevision' } });
      const pushed = watcher.nextPush('records', 3000);

      const reply = await restore(editor, { activityId: String(activity.id), revisionId: first });
      expect(reply.error).toBeUndefined();
      const { revisionId } = reply.result as { revisionId: number };
      expect(revisionId).toBeGreaterThan(second);
      const [original, restored] = [await revision(first), await revision(revisionId)];
      expect(restored.content).toEqual(original.content);
      expect(restored).toMatchObject({
        activityId: activity.id,
        approvalStatus: 'none',
        trackingDomain: 'click.example.com',
        configurations: [{ editor: 'native' }],
      });
      expect((await query(reader, { id: activity.id })).records[0]).toMatchObject({
        latestRevisionId: revisionId,
        version: 4,
      });
      expect((await pushed).data).toMatchObject({
        type: 'activityRevision',
        records: [{ id: revisionId, activityId: activity.id }],
      });
      expect(await revisionCount(activity.id)).toBe(3);
      // The earlier revision is left as it was.
      expect(await revision(first)).toEqual(original);
    });

    it('compares two revisions: the subject as values, the body also line by line', async () => {
      const activity = await create({ type: 'email' });
      const from = await saved(activity.id, email('Two for Tuesday', 'Hi there'));
      const to = await saved(activity.id, email('Three for Tuesday', 'Hi there', 'Order tonight'));
      const reply = await compare(reader, {
        activityId: activity.id,
        fromRevisionId: from,
        toRevisionId: to,
      });
      expect(reply.error).toBeUndefined();
      const { changes } = reply.result as {
        changes: Array<{
          path: string;
          before?: unknown;
          after?: unknown;
          lines?: Array<{ kind: string; text: string }>;
        }>;
      };
      expect(changes.map((change) => change.path)).toEqual(['channels.email.mjml', 'channels.email.subject']);
      expect(changes[1]).toEqual({
        path: 'channels.email.subject',
        before: 'Two for Tuesday',
        after: 'Three for Tuesday',
      });
      const body = changes[0]!;
      expect(body.before).toBe(MJML('Hi there', 'Order now'));
      expect(body.after).toBe(MJML('Hi there', 'Order tonight'));
      expect(body.lines?.filter((line) => line.kind !== 'same')).toEqual([
        {
          kind: 'removed',
          text: '        <mj-button href="https://example.com/order">Order now</mj-button>',
        },
        {
          kind: 'added',
          text: '        <mj-button href="https://example.com/order">Order tonight</mj-button>',
        },
      ]);
      expect(body.lines).toHaveLength(12);
      const same = await compare(reader, { activityId: activity.id, fromRevisionId: to, toRevisionId: to });
      expect(same.result).toEqual({ changes: [] });
      const backwards = (
        await compare(reader, { activityId: activity.id, fromRevisionId: to, toRevisionId: from })
      ).result as { changes: Array<{ before?: unknown; after?: unknown }> };
      expect(backwards.changes[1]).toMatchObject({ before: 'Three for Tuesday', after: 'Two for Tuesday' });
    });

    it('answers the catalogue’s errors for bad ids, another activity’s revision and another organization, writing nothing', async () => {
      const activity = await create({ type: 'sms' });
      const own = await saved(activity.id, contentOf('sms'));
      const sibling = await create({ type: 'sms' });
      const theirs = await saved(sibling.id, { schemaVersion: 3, channels: { sms: { text: 'Sibling' } } });
      const archived = await create({ type: 'sms' });
      const archivedRevision = await saved(archived.id, contentOf('sms'));
      await update((await query(editor, { id: archived.id })).records[0]!, { isArchived: true });

      const other = await createOrganization(herald, 'Other Pizza');
      const outsider = await connectAs(herald, other, ['Content.Edit']);
      closers.push(() => outsider.close());
      const restoreCases: Array<[ChannelClient, Record<string, unknown>, string]> = [
        [editor, { activityId: 'abc', revisionId: own }, 'ActivityIdNotValidError'],
        [editor, { activityId: 2_000_000_000, revisionId: own }, 'ActivityNotFoundError'],
        [editor, { activityId: activity.id, revisionId: theirs }, 'ActivityFetchError'],
        [editor, { activityId: activity.id, revisionId: 2_000_000_000 }, 'ActivityFetchError'],
        [editor, { activityId: activity.id, revisionId: 'x' }, 'ValidationError'],
        [editor, { activityId: activity.id }, 'MissingParameterError'],
        [editor, { activityId: archived.id, revisionId: archivedRevision }, 'ItemNotEditableError'],
        [reader, { activityId: activity.id, revisionId: own }, 'PrivilegesError'],
      ];
      for (const [client, params, type] of restoreCases)
        expect((await restore(client, params)).error?.type, JSON.stringify(params)).toBe(type);
      // Another organization's activity is not found from there, by either command.
      const foreign = await outsider.channel.request('restoreActivityRevision', {
        organizationId: other,
        activityId: activity.id,
        revisionId: own,
      });
      expect(foreign.error?.type).toBe('ActivityNotFoundError');
      const foreignCompare = await outsider.channel.request('compareActivityRevisions', {
        organizationId: other,
        activityId: activity.id,
        fromRevisionId: own,
        toRevisionId: own,
      });
      expect(foreignCompare.error?.type).toBe('ActivityNotFoundError');

      const compareCases: Array<[Record<string, unknown>, string]> = [
        [{ activityId: 'x1', fromRevisionId: own, toRevisionId: own }, 'ActivityIdNotValidError'],
        [{ activityId: 2_000_000_000, fromRevisionId: own, toRevisionId: own }, 'ActivityNotFoundError'],
        [{ activityId: activity.id, fromRevisionId: own, toRevisionId: theirs }, 'ActivityFetchError'],
        [{ activityId: activity.id, fromRevisionId: theirs, toRevisionId: own }, 'ActivityFetchError'],
        [{ activityId: activity.id, fromRevisionId: own }, 'MissingParameterError'],
      ];
      for (const [params, type] of compareCases)
        expect((await compare(reader, params)).error?.type, JSON.stringify(params)).toBe(type);

      // Nothing half-written: each activity still has its one revision and its latest is unchanged.
      for (const [id, latest] of [
        [activity.id, own],
        [sibling.id, theirs],
        [archived.id, archivedRevision],
      ] as const) {
        expect(await revisionCount(id)).toBe(1);
        const stored = await herald.database.db
          .selectFrom('activity')
          .select('latest_revision_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(stored.latest_revision_id).toBe(latest);
      }
    });
  });

  describe('renderPreview', () => {
    let subscriberId: number;
    beforeAll(async () => {
      subscriberId = await addSubscriber(herald, organizationId, {
        firstname: 'Mia',
        lastname: 'Rossi',
        custom: { tier: 'gold' },
      });
    });
    const preview = (client: ChannelClient, params: Record<string, unknown>) =>
      client.request('renderPreview', { organizationId, ...params });
    const emailActivity = async (email: Record<string, unknown>) => {
      const activity = await create({ type: 'email' });
      const reply = await save(editor, activity.id, { schemaVersion: 3, channels: { email } });
      expect(reply.error).toBeUndefined();
      return { activity, revisionId: (reply.result as { revisionId: number }).revisionId };
    };

    it('personalizes subject, HTML and text for a subscriber', async () => {
      const { activity } = await emailActivity({
        subject: 'A {{ subscriber.custom.tier }} treat, {{ subscriber.firstname }}',
        mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Ciao {{ subscriber.firstname }} {{ subscriber.lastname }}. <a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text></mj-column></mj-section></mj-body></mjml>',
      });
      const reply = await preview(reader, { activityId: activity.id, subscriberId });
      expect(reply.error).toBeUndefined();
      const result = reply.result as {
        subject: string;
        html: string;
        text: string;
        sizeBytes: number;
        errors: unknown[];
      };
      expect(result.subject).toBe('A gold treat, Mia');
      expect(result.html).toContain('Ciao Mia Rossi');
      expect(result.html).toContain('/t/u/preview');
      expect(result.text).toContain('Ciao Mia Rossi');
      expect(result.sizeBytes).toBe(Buffer.byteLength(result.html));
      expect(result.errors).toEqual([]);
    });

    it('previews the sample recipient, a test profile, and an earlier revision', async () => {
      const { activity, revisionId } = await emailActivity({
        subject: 'Hi {{ subscriber.firstname | default: "there" }}',
        html: '<p>first</p>',
      });
      await save(editor, activity.id, {
        schemaVersion: 3,
        channels: { email: { subject: 'Second', html: '<p>second</p>' } },
      });
      const sample = (await preview(reader, { activityId: activity.id, revisionId })).result as {
        subject: string;
      };
      expect(sample.subject).toBe('Hi Alex');
      const latest = (await preview(reader, { activityId: activity.id })).result as { html: string };
      expect(latest.html).toContain('second');

      const tester = await connect(['Content.Edit']);
      await tester.session.call('updateUserSettings', {
        sessionId: tester.sessionId,
        settings: JSON.stringify({
          testProfile: { firstName: 'Tess', lastName: 'Ter', email: 'tess@example.com' },
        }),
      });
      const asProfile = (
        await preview(reader, { activityId: activity.id, revisionId, testProfileId: tester.user.id })
      ).result as { subject: string };
      expect(asProfile.subject).toBe('Hi Tess');
      const outsiderId = (await connectAs(herald, await createOrganization(herald), ['Content.Edit'])).user
        .id;
      const notMember = await preview(reader, { activityId: activity.id, testProfileId: outsiderId });
      expect(notMember.error?.type).toBe('NotFoundError');
      const both = await preview(reader, {
        activityId: activity.id,
        subscriberId,
        testProfileId: tester.user.id,
      });
      expect(both.error?.type).toBe('ValidationError');
    });

    it('lists test profiles with the caller’s own first, then the members’ alphabetically', async () => {
      const withProfile = async (firstName: string, lastName: string) => {
        const member = await connect(['Content.Edit']);
        await member.session.call('updateUserSettings', {
          sessionId: member.sessionId,
          settings: JSON.stringify({
            testProfile: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com` },
          }),
        });
        return member;
      };
      const zed = await withProfile('Zed', 'Last');
      const amy = await withProfile('amy', 'First');
      await connect(['Content.Edit']); // No profile: not listed.
      const listed = async (client: ChannelClient) => {
        const reply = await client.request('listTestProfiles', { organizationId });
        expect(reply.error).toBeUndefined();
        return (reply.result as { testProfiles: Array<{ userId: number; name: string; isYours: boolean }> })
          .testProfiles;
      };
      const asZed = await listed(zed.channel);
      expect(asZed[0]).toMatchObject({ userId: zed.user.id, name: 'Zed Last', isYours: true });
      const others = asZed.slice(1).map((entry) => entry.name);
      expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
      expect(others).toContain('amy First');
      expect(others).not.toContain('Zed Last');
      expect(asZed.filter((entry) => entry.isYours)).toHaveLength(1);
      // The reader has no profile: listed first all the same, under their sign-in address.
      const asReader = await listed(reader);
      expect(asReader[0]?.isYours).toBe(true);
      expect(asReader.map((entry) => entry.userId)).toContain(amy.user.id);
    });

    it('previews a draft that is not saved, on an activity with no revision yet', async () => {
      const activity = await create({ type: 'sms' });
      const draft = {
        schemaVersion: 3,
        channels: { sms: { text: 'Hi {{ subscriber.firstname }}, 20% off' } },
      };
      const reply = await preview(reader, { activityId: activity.id, subscriberId, content: draft });
      expect(reply.error).toBeUndefined();
      expect((reply.result as { text: string }).text).toBe('Hi Mia, 20% off');
      const noDraft = await preview(reader, { activityId: activity.id });
      expect(noDraft.error?.type).toBe('ActivityFetchError');
      const otherChannel = await preview(reader, {
        activityId: activity.id,
        content: { schemaVersion: 3, channels: { email: { subject: 'x', html: '<p>x</p>' } } },
      });
      expect(otherChannel.error?.type).toBe('ValidationError');
      const both = await preview(reader, { activityId: activity.id, revisionId: 1, content: draft });
      expect(both.error?.type).toBe('ValidationError');
    });

    it('reports a Liquid error in errors, never as a failed command', async () => {
      const { activity } = await emailActivity({
        subject: 'Hi {{ subscriber.firstname | shout }}',
        html: '<p>line one</p>\n<p>{% if subscriber.firstname %}unclosed</p>',
      });
      const reply = await preview(reader, { activityId: activity.id, subscriberId });
      expect(reply.error).toBeUndefined();
      const { errors } = reply.result as { errors: Array<{ message: string; part?: string; line?: number }> };
      expect(errors.find((error) => error.part === 'subject')?.message).toMatch(/shout/);
      expect(errors.find((error) => error.part === 'html')).toMatchObject({ line: 2 });
    });

    it('escapes a field holding markup', async () => {
      const hostile = await addSubscriber(herald, organizationId, {
        firstname: '<script>alert(1)</script>',
        lastname: '"><img src=x onerror=alert(2)>',
      });
      const { activity } = await emailActivity({
        subject: 'Hi {{ subscriber.firstname }}',
        html: '<p title="{{ subscriber.lastname }}">Hi {{ subscriber.firstname }}</p>',
      });
      const { html } = (await preview(reader, { activityId: activity.id, subscriberId: hostile })).result as {
        html: string;
      };
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('renders every channel', async () => {
      const expected: Record<string, { subject?: string; text?: string; html?: string }> = {
        sms: { text: 'Hi Mia, 2 for 1 today' },
        pushnotification: { subject: 'Hi Mia', text: 'Your pizza is ready' },
        whatsapp: { subject: 'order_ready', text: 'Mia' },
        web: { html: '<div>Welcome back Mia</div>' },
        line: { text: 'Hi Mia' },
        displayad: { subject: 'Lapsed pizza lovers', text: '300x250\n728x90' },
      };
      for (const [channel, result] of Object.entries(expected)) {
        const activity = await create({ type: channel });
        await save(editor, activity.id, contentOf(channel));
        const reply = await preview(reader, { activityId: activity.id, subscriberId });
        expect(reply.result, channel).toMatchObject({ ...result, errors: [] });
      }
    });

    it('previews each version of an e-mail with variations, by index, from a draft and from a save', async () => {
      const design = {
        version: 1,
        sections: [
          {
            id: 's',
            columns: [
              {
                id: 'c',
                blocks: [
                  { id: 'hello', type: 'text', html: '<p>Hello {{ subscriber.firstname }}</p>' },
                  { id: 'order', type: 'button', text: 'Order', href: 'https://example.com/order' },
                ],
              },
            ],
          },
        ],
      };
      const email = {
        subject: 'Pizza night',
        mjml: designToMjml(design as EmailDesign),
        design,
        variations: [
          { id: 'v1', name: 'Urgent', subject: 'Last call, {{ subscriber.firstname }}' },
          {
            id: 'v2',
            name: 'Warm',
            blocks: [{ id: 'hello', type: 'text', html: '<p>Ciao {{ subscriber.firstname }}</p>' }],
          },
        ],
        multivariate: false,
      };
      const { activity } = await emailActivity(email);
      const version = async (variation: number, content?: unknown) => {
        const reply = await preview(reader, { activityId: activity.id, subscriberId, variation, content });
        expect(reply.error).toBeUndefined();
        const result = reply.result as { subject: string; html: string; errors: unknown[] };
        expect(result.errors).toEqual([]);
        return `${result.subject} / ${/(Hello|Ciao) Mia/.exec(result.html)?.[0]}`;
      };
      expect(await version(0)).toBe('Pizza night / Hello Mia');
      expect(await version(1)).toBe('Last call, Mia / Hello Mia');
      expect(await version(2)).toBe('Pizza night / Ciao Mia');
      const tooFar = await preview(reader, { activityId: activity.id, variation: 3 });
      expect(tooFar.error).toMatchObject({ type: 'ValidationError' });
      expect(JSON.stringify(tooFar.error)).toMatch(/3 versions/);

      // Multivariate on: the subject's two choices times the greeting's two, as a draft the editor holds.
      const draft = { schemaVersion: 3, channels: { email: { ...email, multivariate: true } } };
      const all = await Promise.all([0, 1, 2, 3].map((n) => version(n, draft)));
      expect(all).toEqual([
        'Pizza night / Hello Mia',
        'Pizza night / Ciao Mia',
        'Last call, Mia / Hello Mia',
        'Last call, Mia / Ciao Mia',
      ]);
      const unknownBlock = await preview(reader, {
        activityId: activity.id,
        content: {
          schemaVersion: 3,
          channels: {
            email: {
              ...email,
              variations: [{ id: 'v', name: 'x', blocks: [{ id: 'gone', type: 'spacer', height: 1 }] }],
            },
          },
        },
      });
      expect(unknownBlock.error?.type).toBe('ValidationError');
    });

    it('answers the catalogue’s errors for ids, a missing revision and a foreign subscriber', async () => {
      const empty = await create({ type: 'sms' });
      expect((await preview(reader, { activityId: 'x1' })).error?.type).toBe('ActivityIdNotValidError');
      expect((await preview(reader, { activityId: 2_000_000_000 })).error?.type).toBe(
        'ActivityNotFoundError',
      );
      expect((await preview(reader, { activityId: empty.id })).error).toEqual({
        type: 'ActivityFetchError',
        message: 'Unable to fetch activity',
      });
      const { revisionId } = await emailActivity({ subject: 's', html: '<p/>' });
      await save(editor, empty.id, contentOf('sms'));
      expect((await preview(reader, { activityId: empty.id, revisionId })).error?.type).toBe(
        'ActivityFetchError',
      );
      const other = await createOrganization(herald);
      const foreign = await addSubscriber(herald, other, { firstname: 'Theirs' });
      expect((await preview(reader, { activityId: empty.id, subscriberId: foreign })).error?.type).toBe(
        'NotFoundError',
      );
      expect((await preview(reader, { activityId: empty.id, variation: 1 })).error?.type).toBe(
        'ValidationError',
      );
    });
  });

  describe('live', () => {
    it('pushes created, updated and newly revised activities to subscribers', async () => {
      const watcher = (await connect(['Database.Read'])).channel;
      await watcher.call('addSubscription', { organizationId, query: { type: 'activity' } });
      const created = watcher.nextPush('records', 3000);
      const activity = await create({ type: 'sms', partitionIds: [north.partitionId] });
      expect((await created).data).toMatchObject({
        type: 'activity',
        records: [{ id: activity.id, partitionIds: [north.partitionId] }],
      });
      await watcher.call('addSubscription', { organizationId, query: { type: 'activityRevision' } });
      const before = watcher.pushes.length;
      const { revisionId } = (await save(editor, activity.id, contentOf('sms'))).result as {
        revisionId: number;
      };
      await expect.poll(() => watcher.pushes.length - before, { timeout: 3000 }).toBe(2);
      const pushed = watcher.pushes.slice(before) as Array<{ data: { type: string; records: unknown[] } }>;
      expect(pushed.map((push) => push.data)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'activity',
            records: [expect.objectContaining({ id: activity.id })],
          }),
          {
            type: 'activityRevision',
            records: [{ id: revisionId, activityId: activity.id, partitionIds: [north.partitionId] }],
          },
        ]),
      );

      const southWatcher = (await connect(['franchisee'], [south.setId])).channel;
      await southWatcher.call('addSubscription', { organizationId, query: { type: 'activity' } });
      const southPush = southWatcher.nextPush('records', 500);
      await update((await query(editor, { id: activity.id })).records[0]!, { name: 'North news' });
      await expect(southPush).rejects.toThrow(/no records push/);
    });
  });
});
