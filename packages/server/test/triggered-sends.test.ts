import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleTriggerDecisions } from '../src/triggers/trigger-job.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

/**
 * Triggered sends (docs/workflow.md § Scheduling, docs/http.md § Triggered sends): the API trigger and the events API
 * over real HTTP, the statement trigger that queues event-triggered sends with their delay, and the
 * scheduler's decider, which lets each due one through or skips it with the reason.
 */
/** An API answer: the trigger's or event's fields, or the refusal. */
type Answer = { error?: { type: string; message: string } } & Record<string, unknown>;

describe('triggered sends', () => {
  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let token: string;
  let readerToken: string;
  let listId: number;
  const closers: Array<() => void> = [];
  const db = () => herald.database.db;

  const post = async (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await fetch(`${herald.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const trigger = (activityId: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    post(`/api/v1/activities/${activityId}/trigger`, { organizationId, ...body }, headers);
  const sendsOf = async (activityId: number) =>
    (
      await sql<{
        id: number;
        subscriber_id: number;
        status: string;
        reason: string | null;
        run_at: Date;
        source: string;
      }>`
        SELECT id, subscriber_id, status, reason, run_at, source FROM triggered_send
        WHERE activity_id = ${activityId} ORDER BY id`.execute(db())
    ).rows;
  const addSubscriber = async (email: string, onList = true, extra: { is_unsubscribed?: boolean } = {}) => {
    const subscriber = await db()
      .insertInto('subscriber')
      .values({ organization_id: organizationId, email, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (onList)
      await db()
        .insertInto('list_membership')
        .values({ list_id: listId, subscriber_id: subscriber.id, organization_id: organizationId })
        .execute();
    return subscriber.id;
  };
  /** A live (deploying) triggered activity targeting the list. */
  const live = async (
    distribution: Record<string, unknown>,
    frequency: Record<string, unknown> = { type: 'none' },
  ) => {
    const { id } = await activityInStatus(herald, organizationId, campaignId, 'deploying');
    await sql`UPDATE activity SET distribution = ${JSON.stringify(distribution)}::jsonb,
        frequency = ${JSON.stringify(frequency)}::jsonb, target = ${`list ${listId}`} WHERE id = ${id}`.execute(
      db(),
    );
    return id;
  };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Lantern Books');
    campaignId = await addCampaign(herald, organizationId);
    const deployer = await connectAs(herald, organizationId, ['Content.Deploy', 'Database.Manage']);
    const reader = await connectAs(herald, organizationId, ['Database.Read']);
    closers.push(
      () => deployer.close(),
      () => reader.close(),
    );
    token = deployer.token;
    readerToken = reader.token;
    listId = (
      await db()
        .insertInto('subscriber_list')
        .values({ organization_id: organizationId, name: 'Readers', partition_ids: [] })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('sends a live API-triggered activity to one subscriber, once per Idempotency-Key, within its frequency', async () => {
    const id = await live({ type: 'api' }, { type: 'once' });
    const ada = await addSubscriber('ada@lantern.test');
    const first = await trigger(id, { email: 'ADA@lantern.test' }, { 'idempotency-key': 'order-1' });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ subscriberId: ada, status: 'queued', repeated: false });
    const again = await trigger(id, { subscriberId: ada }, { 'idempotency-key': 'order-1' });
    expect(again.body).toMatchObject({ triggeredSendId: first.body.triggeredSendId, repeated: true });
    await expect
      .poll(async () => (await sendsOf(id)).map((send) => send.status), { timeout: 15_000 })
      .toEqual(['ready']);
    // Frequency "once": a second trigger for Ada is skipped, and says why.
    expect((await trigger(id, { subscriberId: ada }, { 'idempotency-key': 'order-2' })).status).toBe(202);
    await expect
      .poll(async () => (await sendsOf(id)).map((send) => [send.status, send.reason]), { timeout: 15_000 })
      .toEqual([
        ['ready', null],
        ['skipped', 'frequency'],
      ]);
  });

  it('skips subscribers outside the target or unreachable, and activities no longer live', async () => {
    const id = await live({ type: 'api' });
    const outside = await addSubscriber('outside@lantern.test', false);
    const gone = await addSubscriber('gone@lantern.test', true, { is_unsubscribed: true });
    expect((await trigger(id, { subscriberId: outside })).status).toBe(202);
    expect((await trigger(id, { subscriberId: gone })).status).toBe(202);
    await expect
      .poll(async () => (await sendsOf(id)).map((send) => send.reason), { timeout: 15_000 })
      .toEqual(['notInTarget', 'unreachable']);
    // Suspended: the API refuses at once; a trigger already queued is skipped when due.
    const other = await live({ type: 'api' });
    const reader = await addSubscriber('reader@lantern.test');
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO triggered_send (organization_id, activity_id, subscriber_id, source, run_at)
        VALUES (${organizationId}, ${other}, ${reader}, 'api', now() + interval '1 second')`.execute(trx);
        await scheduleTriggerDecisions(trx, new Date(Date.now() + 1000));
      });
    await sql`UPDATE activity SET status = 'suspended' WHERE id = ${other}`.execute(db());
    expect((await trigger(other, { subscriberId: reader })).status).toBe(409);
    await expect
      .poll(async () => (await sendsOf(other)).map((send) => send.reason), { timeout: 15_000 })
      .toEqual(['activityNotLive']);
  });

  it('refuses what it must, in the catalogue’s words', async () => {
    const id = await live({ type: 'api' });
    const event = await live({ type: 'event', event: 'pageviewed' });
    const subscriberId = await addSubscriber('rules@lantern.test');
    expect((await trigger(id, { subscriberId }, { authorization: 'Bearer nonsense' })).status).toBe(401);
    expect(
      (await trigger(id, { subscriberId }, { authorization: `Bearer ${readerToken}` })).body.error?.type,
    ).toBe('PrivilegesError');
    expect((await trigger(id, { subscriberId }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await trigger(id, {})).body.error).toMatchObject({ type: 'ValidationError' });
    expect((await trigger(id, { subscriberId, email: 'rules@lantern.test' })).status).toBe(400);
    expect((await trigger(id, { subscriberId: 99_999_999 })).status).toBe(404);
    expect((await trigger(event, { subscriberId })).body.error?.type).toBe('WorkflowTransitionError');
    expect((await trigger(9_999_999, { subscriberId })).status).toBe(404);
    expect((await post('/api/v1/events', { organizationId, subscriberId, event: 'opened' })).status).toBe(
      400,
    );
    expect(await sendsOf(id)).toEqual([]);
  });

  it('queues an event-triggered send when the event is recorded, due after the delay, exactly once', async () => {
    const now = await live({ type: 'event', event: 'purchased' });
    const later = await live({ type: 'event', event: 'purchased', delayMinutes: 90 });
    const otherEvent = await live({ type: 'event', event: 'abandoned' });
    const buyer = await addSubscriber('buyer@lantern.test');
    const recorded = await post('/api/v1/events', {
      organizationId,
      subscriberId: buyer,
      event: 'purchased',
      details: { total: 42 },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ subscriberId: buyer, triggered: 2 });
    await expect
      .poll(async () => (await sendsOf(now)).map((send) => send.status), { timeout: 15_000 })
      .toEqual(['ready']);
    const [delayed] = await sendsOf(later);
    expect(delayed).toMatchObject({ status: 'queued', source: 'event' });
    expect(delayed!.run_at.getTime() - Date.now()).toBeGreaterThan(85 * 60_000);
    expect(await sendsOf(otherEvent)).toEqual([]);
    // The event is in the subscriber's history, where target expressions see it.
    const history = await sql<{
      kind: string;
    }>`SELECT kind FROM subscriber_event WHERE id = ${recorded.body.eventId}`.execute(db());
    expect(history.rows).toEqual([{ kind: 'purchased' }]);
    // An activity's own events never trigger it (a "sent"-triggered activity would otherwise feed itself).
    const onSent = await live({ type: 'event', event: 'sent' });
    await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, activity_id)
      VALUES (${organizationId}, ${buyer}, 'sent', ${onSent}), (${organizationId}, ${buyer}, 'sent', ${now})`.execute(
      db(),
    );
    expect((await sendsOf(onSent)).map((send) => send.source)).toEqual(['event']);
  });
});
