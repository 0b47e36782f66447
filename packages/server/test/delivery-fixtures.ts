import { sql } from 'kysely';
import { createCredential } from '../src/credentials/credential-store.ts';
import type { TestHerald } from './support/herald.ts';
import type { SmtpPeer } from './support/smtp-peer.ts';
import { activityInStatus } from './workflow-fixtures.ts';

/** A list of `count` subscribers `{prefix}{n}@example.com`, first names `Reader {n}`. Answers the list's id. */
export async function listWithSubscribers(
  herald: TestHerald,
  organizationId: number,
  count: number,
  prefix: string,
): Promise<{ listId: number; subscriberIds: number[] }> {
  const db = herald.database.db;
  const list = await db
    .insertInto('subscriber_list')
    .values({ organization_id: organizationId, name: `${prefix} list` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await sql<{ id: number }>`INSERT INTO subscriber (organization_id, email, firstname, custom)
    SELECT ${organizationId}, ${prefix} || n || '@example.com', 'Reader ' || n, jsonb_build_object('tier', 'gold')
    FROM generate_series(1, ${count}) AS n RETURNING id`.execute(db);
  const subscriberIds = rows.rows.map((row) => row.id);
  await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
    SELECT ${list.id}, unnest(${subscriberIds}::integer[]), ${organizationId}`.execute(db);
  return { listId: list.id, subscriberIds };
}

/** An approved e-mail activity to `target` with personalized HTML and one link. */
export async function approvedEmail(
  herald: TestHerald,
  organizationId: number,
  campaignId: number,
  target: string,
  options: {
    html?: string;
    subject?: string;
    throttle?: number | null;
    distribution?: Record<string, unknown>;
  } = {},
): Promise<{ id: number; revisionId: number }> {
  const db = herald.database.db;
  const { id, revisionId } = await activityInStatus(herald, organizationId, campaignId, 'approved');
  const content = {
    schemaVersion: 3,
    channels: {
      email: {
        subject: options.subject ?? 'News for {{ subscriber.firstname }}',
        fromName: 'Sakura Tea',
        fromAddress: 'news@sakura.example',
        html:
          options.html ??
          '<html><body><p>Hi {{ subscriber.firstname }} ({{ subscriber.custom.tier }})</p>' +
            '<a href="https://shop.example/sale">Sale</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>',
      },
    },
  };
  await sql`UPDATE activity_revision SET content = ${JSON.stringify(content)}::jsonb WHERE id = ${revisionId}`.execute(
    db,
  );
  await sql`UPDATE activity SET target = ${target}, throttle = ${options.throttle ?? null},
      distribution = ${JSON.stringify(options.distribution ?? { type: 'broadcast' })}::jsonb
    WHERE id = ${id}`.execute(db);
  return { id, revisionId };
}

/** Polls until `check` answers a value, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The login of the peers delivery tests send through. */
export const PEER_LOGIN = { user: 'herald', password: 'relay-password' };

/**
 * Makes the organization send e-mail through `peer` with an SMTP credential, rather than the server's
 * HERALD_SMTP_URL: on a shared PostgreSQL any test server's job runner may take a run's workers, and the
 * credential is in the database where every one of them finds it.
 */
export async function sendThrough(herald: TestHerald, organizationId: number, peer: SmtpPeer): Promise<void> {
  const db = herald.database.db;
  const credentialId = await createCredential(db, organizationId, {
    type: 'smtp',
    alias: 'Test relay',
    values: {
      host: '127.0.0.1',
      port: String(peer.port),
      accountName: PEER_LOGIN.user,
      password: PEER_LOGIN.password,
    },
  });
  await sql`UPDATE organization SET settings = settings || ${JSON.stringify({
    channelCredentials: { email: credentialId },
  })}::jsonb WHERE id = ${organizationId}`.execute(db);
}
