import { request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRunLinks } from '../src/tracking/tracked-links.ts';
import type { TrackingPayload } from '../src/tracking/tracking-token.ts';
import { createOrganization } from './support/factories.ts';
import { markDomainVerified } from './support/domains.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * The tracking routes over real HTTP: signed tokens, the open pixel with machine opens, the click
 * redirect, RFC 8058 one-click unsubscribes, the preference page, and tracking domains kept to their
 * organization. Deliveries are written straight into the ledger, as the engine would.
 */
describe('tracking, unsubscribes and preferences', () => {
  let herald: TestHerald;
  const db = () => herald.database.db;
  let lantern: Organization;
  let harbour: Organization;

  interface Organization {
    id: number;
    campaignId: number;
    newsList: number;
    offersList: number;
  }

  /** node:http rather than fetch: fetch will not send another Host, and the tracking domains need one. */
  const call = (
    method: string,
    path: string,
    options: { host?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: herald.port,
          method,
          path,
          headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
  const form = (body: string, headers: Record<string, string> = {}) => ({
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

  const organization = async (name: string): Promise<Organization> => {
    const id = await createOrganization(herald, name);
    const list = async (listName: string) =>
      (
        await db()
          .insertInto('subscriber_list')
          .values({ organization_id: id, name: listName, partition_ids: [] })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    return {
      id,
      campaignId: await addCampaign(herald, id),
      newsList: await list('News'),
      offersList: await list('Offers'),
    };
  };

  /** A subscriber on both lists, and a sent delivery of an activity with `target` to them. */
  const delivered = async (org: Organization, target: string | null) => {
    const subscriber = await db()
      .insertInto('subscriber')
      .values({ organization_id: org.id, email: `${crypto.randomUUID()}@lantern.test` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('list_membership')
      .values(
        [org.newsList, org.offersList].map((listId) => ({
          list_id: listId,
          subscriber_id: subscriber.id,
          organization_id: org.id,
        })),
      )
      .execute();
    const activity = await activityInStatus(herald, org.id, org.campaignId, 'deployed');
    await sql`UPDATE activity SET target = ${target} WHERE id = ${activity.id}`.execute(db());
    const run = await db()
      .insertInto('deployment_run')
      .values({
        organization_id: org.id,
        activity_id: activity.id,
        revision_id: activity.revisionId,
        channel: 'email',
        status: 'sending',
        details: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = await db()
      .insertInto('delivery')
      .values({
        organization_id: org.id,
        run_id: run.id,
        activity_id: activity.id,
        subscriber_id: subscriber.id,
        channel: 'email',
        status: 'sent',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deliveryId = String(delivery.id);
    const path = (kind: TrackingPayload['kind'], extra: Partial<TrackingPayload> = {}) => {
      const letter = { open: 'o', click: 'c', unsubscribe: 'u', view: 'v', preferences: 'p' }[kind];
      return `/t/${letter}/${herald.services.trackingTokens.issue({ deliveryId, kind, ...extra })}`;
    };
    return { subscriberId: subscriber.id, activityId: activity.id, runId: Number(run.id), path };
  };

  const eventsOf = async (subscriberId: number) =>
    (
      await sql<{
        kind: string;
        activity_id: number | null;
        list_id: number | null;
        details: Record<string, unknown>;
      }>`
        SELECT kind, activity_id, list_id, details FROM subscriber_event WHERE subscriber_id = ${subscriberId}
        ORDER BY id`.execute(db())
    ).rows;
  const membershipsOf = async (subscriberId: number) =>
    Object.fromEntries(
      (
        await db()
          .selectFrom('list_membership')
          .select(['list_id', 'is_list_unsubscribed'])
          .where('subscriber_id', '=', subscriberId)
          .execute()
      ).map((row) => [row.list_id, row.is_list_unsubscribed]),
    );
  const globallyUnsubscribed = async (subscriberId: number) =>
    (
      await db()
        .selectFrom('subscriber')
        .select('is_unsubscribed')
        .where('id', '=', subscriberId)
        .executeTakeFirstOrThrow()
    ).is_unsubscribed;

  beforeAll(async () => {
    herald = await startTestHerald();
    lantern = await organization('Lantern Books');
    harbour = await organization('Harbour Tea');
  });
  afterAll(async () => {
    await herald.stop();
  });

  it('answers the open pixel and records the open, flagging a mail-privacy proxy’s as a machine open', async () => {
    const sent = await delivered(lantern, `list ${lantern.newsList}`);
    const reader = await call('GET', sent.path('open'), {
      headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Thunderbird/128' },
    });
    expect(reader.status).toBe(200);
    expect(reader.headers['content-type']).toBe('image/gif');
    expect(reader.headers['cache-control']).toContain('no-store');
    expect(Buffer.from(reader.body, 'latin1').subarray(0, 6).toString()).toBe('GIF89a');
    const proxy = await call('GET', sent.path('open'), {
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      },
    });
    expect(proxy.status).toBe(200);
    const events = await eventsOf(sent.subscriberId);
    expect(events.map((event) => [event.kind, event.activity_id, event.details.machine])).toEqual([
      ['opened', sent.activityId, false],
      ['opened', sent.activityId, true],
    ]);
    expect(events[0]!.details.deliveryId).toBeDefined();
  });

  it('redirects a click to the run’s link or the signed personalized address, and records it', async () => {
    const sent = await delivered(lantern, `list ${lantern.newsList}`);
    await recordRunLinks(db(), sent.runId, ['https://shop.lantern.test/a', 'https://shop.lantern.test/b']);
    const click = await call('GET', sent.path('click', { linkIndex: 1 }));
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe('https://shop.lantern.test/b');
    const personal = await call(
      'GET',
      sent.path('click', { linkIndex: 0, url: `https://shop.lantern.test/a?who=${'x'.repeat(300)}` }),
    );
    expect(personal.status).toBe(302);
    expect(personal.headers.location).toBe(`https://shop.lantern.test/a?who=${'x'.repeat(300)}`);
    // An index the run never recorded, and an open token on the click route, lead nowhere.
    expect((await call('GET', sent.path('click', { linkIndex: 7 }))).status).toBe(404);
    expect((await call('GET', sent.path('open').replace('/t/o/', '/t/c/'))).status).toBe(404);
    expect(
      (await eventsOf(sent.subscriberId)).map((event) => [
        event.kind,
        event.details.url,
        event.details.linkIndex,
      ]),
    ).toEqual([
      ['clicked', 'https://shop.lantern.test/b', 1],
      ['clicked', `https://shop.lantern.test/a?who=${'x'.repeat(300)}`, 0],
    ]);
  });

  it('refuses altered, foreign-kind and rubbish tokens with a bare 404 on every route, never a 500', async () => {
    const sent = await delivered(lantern, null);
    const good = sent.path('unsubscribe');
    const last = good.at(-1) === 'A' ? 'B' : 'A';
    const paths = [
      `${good.slice(0, -1)}${last}`,
      sent.path('preferences').replace('/t/p/', '/t/u/'),
      '/t/u/not-a-token',
      `/t/o/${'A'.repeat(5000)}`,
      '/t/c/abc.def',
      '/t/p/',
    ];
    for (const path of paths) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toMatch(/delivery|signature|token/i);
    }
    expect(
      (await call('POST', `${good.slice(0, -1)}${last}`, form('List-Unsubscribe=One-Click'))).status,
    ).toBe(404);
    expect(await globallyUnsubscribed(sent.subscriberId)).toBe(false);
    expect(await eventsOf(sent.subscriberId)).toEqual([]);
  });

  it('shows the unsubscribe page, and a one-click POST leaves the target’s list; a second POST is harmless', async () => {
    const sent = await delivered(
      lantern,
      `list ${lantern.newsList} and not list ${lantern.offersList} unsubscribed`,
    );
    const page = await call('GET', sent.path('unsubscribe'), {
      headers: { 'accept-language': 'ja, en;q=0.5' },
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('“News”');
    expect(page.body).toContain('Lantern Books');
    expect(page.body).toMatch(/<form method="post">/);
    expect(page.body).toMatch(/href="\/t\/p\/[A-Za-z0-9_-]+"/);
    expect(page.body).not.toContain('<script');

    // Mail clients post RFC 8058's one field urlencoded or as multipart; either is the request.
    const multipart = [
      '--herald',
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      '--herald--',
      '',
    ].join('\r\n');
    for (const body of [
      form('List-Unsubscribe=One-Click'),
      { body: multipart, headers: { 'content-type': 'multipart/form-data; boundary=herald' } },
    ]) {
      const oneClick = await call('POST', sent.path('unsubscribe'), body);
      expect(oneClick.status).toBe(200);
    }
    expect(await membershipsOf(sent.subscriberId)).toEqual({
      [lantern.newsList]: true,
      [lantern.offersList]: false,
    });
    expect(await globallyUnsubscribed(sent.subscriberId)).toBe(false);
    const events = await eventsOf(sent.subscriberId);
    expect(
      events.map((event) => [event.kind, event.list_id, event.details.scope, event.details.source]),
    ).toEqual([['unsubscribed', lantern.newsList, 'list', 'oneClick']]);
    const after = await call('GET', sent.path('unsubscribe'));
    expect(after.body).toContain('You are unsubscribed');
    const stats = await db()
      .selectFrom('subscriber_list')
      .select('unsubscribed_count')
      .where('id', '=', lantern.newsList)
      .executeTakeFirstOrThrow();
    expect(stats.unsubscribed_count).toBeGreaterThanOrEqual(1);
  });

  it('unsubscribes globally when the target names no list, from the page’s form too', async () => {
    const sent = await delivered(lantern, 'country = "NZ"');
    const page = await call('GET', sent.path('unsubscribe'));
    expect(page.body).toContain('Stop receiving messages from Lantern Books?');
    const confirmed = await call('POST', sent.path('unsubscribe'), form('from=page'));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain('role="status"');
    expect(await globallyUnsubscribed(sent.subscriberId)).toBe(true);
    expect(await membershipsOf(sent.subscriberId)).toEqual({
      [lantern.newsList]: false,
      [lantern.offersList]: false,
    });
    expect(
      (await eventsOf(sent.subscriberId)).map((event) => [
        event.kind,
        event.details.scope,
        event.details.source,
      ]),
    ).toEqual([['unsubscribed', 'global', 'unsubscribePage']]);
  });

  it('lets the preference page leave and rejoin lists, and leave everything', async () => {
    const sent = await delivered(lantern, `list ${lantern.newsList}`);
    const page = await call('GET', sent.path('preferences'), { headers: { 'accept-language': 'zh-TW' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="zh-Hant">');
    expect(page.body).toContain(`name="stay" value="${lantern.newsList}" checked`);
    expect(page.body).toContain(`name="stay" value="${lantern.offersList}" checked`);

    const saved = await call('POST', sent.path('preferences'), form(`stay=${lantern.offersList}`));
    expect(saved.status).toBe(200);
    expect(saved.body).toContain('Your choices are saved.');
    expect(saved.body).toContain(`name="stay" value="${lantern.newsList}">`);
    expect(await membershipsOf(sent.subscriberId)).toEqual({
      [lantern.newsList]: true,
      [lantern.offersList]: false,
    });

    await call(
      'POST',
      sent.path('preferences'),
      form(`stay=${lantern.offersList}&stay=${lantern.newsList}&stay=999999`),
    );
    expect(await membershipsOf(sent.subscriberId)).toEqual({
      [lantern.newsList]: false,
      [lantern.offersList]: false,
    });

    await call('POST', sent.path('preferences'), form(`stay=${lantern.offersList}&everything=1`));
    expect(await globallyUnsubscribed(sent.subscriberId)).toBe(true);
    expect(
      (await eventsOf(sent.subscriberId)).map((event) => [
        event.kind,
        event.details.scope,
        event.details.left ?? event.details.rejoined,
      ]),
    ).toEqual([
      ['unsubscribed', 'list', [lantern.newsList]],
      ['listsubscribed', 'list', [lantern.newsList]],
      ['unsubscribed', 'global', undefined],
    ]);
  });

  it('answers a token only on its own organization’s tracking domain (and on the public URL)', async () => {
    const lanternDomain = `links.${crypto.randomUUID().slice(0, 8)}.lantern.test`;
    const harbourDomain = `links.${crypto.randomUUID().slice(0, 8)}.harbour.test`;
    await markDomainVerified(herald, lantern.id, 'tracking', [lanternDomain]);
    await markDomainVerified(herald, harbour.id, 'tracking', [harbourDomain]);
    const sent = await delivered(lantern, `list ${lantern.newsList}`);
    expect((await call('GET', sent.path('open'), { host: `${lanternDomain}:443` })).status).toBe(200);
    expect((await call('GET', sent.path('open'), { host: harbourDomain })).status).toBe(404);
    expect((await call('GET', sent.path('unsubscribe'), { host: harbourDomain })).status).toBe(404);
    expect(
      (
        await call('POST', sent.path('unsubscribe'), {
          host: harbourDomain,
          ...form('List-Unsubscribe=One-Click'),
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', sent.path('open'))).status).toBe(200);
    expect((await eventsOf(sent.subscriberId)).map((event) => event.kind)).toEqual(['opened', 'opened']);
    expect(await membershipsOf(sent.subscriberId)).toEqual({
      [lantern.newsList]: false,
      [lantern.offersList]: false,
    });
  });
});
