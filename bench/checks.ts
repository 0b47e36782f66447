import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { designToMjml, type EmailBlock, type EmailContent, type EmailDesign } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import { runActivityChecks } from '../packages/server/src/checks/run-activity-checks.ts';
import { openDatabase } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import type { Database } from '../packages/server/src/database/schema.ts';
import type { Actor } from '../packages/server/src/query/resources.ts';
import { addBenchOrganization } from './bench-organization.ts';

const WARM_UP = 3;
const SAMPLES = 40;
const SUBSCRIBERS = 10_000;
const TEST_PROFILES = 5;
/** Text blocks of the design; with their images and buttons, about 150 KB of HTML. */
const ARTICLES = 40;

/**
 * The checks' speed goal (docs/measurements.md § Checks): every check (runActivityChecks) on a ~150 KB designed
 * e-mail with 4 versions (the original and 3 variations, each changing a block) and 5 test profiles, its target a
 * list of 10,000 subscribers counted exactly, on PGlite in a temporary directory. p50/p95 of 40 runs after 3
 * warm-up runs; the first run, with every cache cold, apart. Goal: p95 ≤ 500 ms.
 */
export async function benchChecks(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'herald-bench-checks-'));
  const database = await openDatabase({ databaseUrl: undefined, pgliteDataDir: dir });
  try {
    const db = database.db;
    await migrateToLatest(db as never);
    const { actor, activityId } = await seed(db);
    const run = () => runActivityChecks({ db, actor, activityId });

    const coldStartedAt = performance.now();
    const first = await run();
    const coldMilliseconds = performance.now() - coldStartedAt;
    for (let index = 1; index < WARM_UP; index += 1) await run();
    const samples: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const startedAt = performance.now();
      await run();
      samples.push(performance.now() - startedAt);
    }
    const size = first.find((result) => result.name === 'size');
    return [
      `e-mail: ${first.length} checks on 4 versions, 5 test profiles, ${SUBSCRIBERS.toLocaleString('en')} recipients; size: ${size?.message ?? '?'}`,
      `outcome: ${first.map((result) => `${result.name} ${result.status}`).join(', ')}`,
      `first run ${coldMilliseconds.toFixed(0)} ms; ${SAMPLES} runs after ${WARM_UP} warm-up: ${percentiles(samples)} (goal p95 ≤ 500 ms)`,
    ];
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function seed(db: Kysely<Database>): Promise<{ actor: Actor; activityId: number }> {
  const organizationId = await addBenchOrganization(db, 'Bench checks');
  const userIds: number[] = [];
  for (let index = 0; index < TEST_PROFILES; index += 1) {
    const user = await db
      .insertInto('user_account')
      .values({
        email: `checks-${organizationId}-${index}@example.test`,
        phone: 'n/a',
        password_hash: null,
        settings: JSON.stringify({
          // One profile without a last name, as real ones are: the content check has something to say.
          testProfile: {
            firstName: `Tester${index}`,
            lastName: index === 2 ? '' : 'Sample',
            email: '',
            mobile: '',
          },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('organization_access')
      .values({
        user_id: user.id,
        organization_id: organizationId,
        roles: ['Content.Edit'],
        partitionsets: [],
      })
      .execute();
    userIds.push(user.id);
  }
  const listId = (
    await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Coffee club', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await sql`INSERT INTO subscriber (organization_id, email, firstname)
    SELECT ${organizationId}, 'reader' || n || '@example.com', 'Reader' || n
    FROM generate_series(1, ${SUBSCRIBERS}) AS n`.execute(db);
  await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
    SELECT ${listId}, id, organization_id FROM subscriber WHERE organization_id = ${organizationId}`.execute(
    db,
  );
  await sql`VACUUM ANALYZE subscriber`.execute(db);
  const campaign = await db
    .insertInto('campaign')
    .values({ organization_id: organizationId, name: 'Autumn', start_date: '2026-03-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const activity = await db
    .insertInto('activity')
    .values({
      organization_id: organizationId,
      campaign_id: campaign.id,
      type: 'email',
      name: 'Autumn newsletter',
      target: `list ${listId}`,
      send_limit: 50_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const content = {
    schemaVersion: 3,
    channels: { email: newsletter(), features: { lsmoptin: { defaultCommunicationPreference: 'optin' } } },
  };
  const revision = await db
    .insertInto('activity_revision')
    .values({ organization_id: organizationId, activity_id: activity.id, content: JSON.stringify(content) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('activity')
    .set({ latest_revision_id: revision.id })
    .where('id', '=', activity.id)
    .execute();
  const actor: Actor = {
    organizationId,
    userId: userIds[0]!,
    capabilities: ['base', 'content-edit'],
    partitionIds: undefined,
  };
  return { actor, activityId: activity.id };
}

const PARAGRAPH =
  'Our autumn roasts arrive this week: a washed Ethiopian with notes of bergamot and peach, a Sumatran ' +
  'wet-hulled lot that carries cedar and dark chocolate, and a Colombian decaf that finally tastes like coffee. ' +
  'Come to the Friday tastings, bring a friend, and tell us which one you would put on the menu for winter. ';

/** A designed newsletter: articles with pictures and buttons, personalized, and three variations of one block each. */
export function newsletter(): EmailContent {
  const blocks: EmailBlock[] = [];
  for (let index = 0; index < ARTICLES; index += 1) {
    blocks.push({
      id: `article-${index}`,
      type: 'text',
      html:
        `<h2>${index + 1}. {{ subscriber.firstname | default: "Friend" }}, this one is for you</h2>` +
        `<p>${PARAGRAPH.repeat(4)}</p><p>{{ subscriber.custom.points | default: 0 }} points are waiting.</p>`,
    });
    blocks.push({
      id: `picture-${index}`,
      type: 'image',
      src: `https://cdn.harbour.example/autumn/${index}.jpg`,
      alt: `Roast ${index + 1}`,
      href: `https://harbour.example/roasts/${index}`,
    });
    blocks.push({
      id: `button-${index}`,
      type: 'button',
      text: 'Order now',
      href: `https://harbour.example/order/${index}`,
    });
  }
  blocks.push({
    id: 'footer',
    type: 'text',
    html: '<p><a href="{{ view_online_url }}">View online</a> · <a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
  });
  const design: EmailDesign = { version: 1, sections: [{ id: 'main', columns: [{ id: 'column', blocks }] }] };
  const variation = (
    index: number,
  ): EmailContent['variations'] extends (infer V)[] | undefined ? V : never => ({
    id: `v${index}`,
    name: `Lead ${index}`,
    blocks: [
      {
        id: `article-${index}`,
        type: 'text',
        html: `<h2>Variation ${index}</h2><p>${PARAGRAPH.repeat(4)}</p>`,
      },
    ],
  });
  return {
    subject: '{{ subscriber.firstname | default: "Coffee lover" }}, autumn at {{ organization.name }}',
    preheader: 'New roasts and Friday tastings',
    fromAddress: 'news@harbour.example',
    mjml: designToMjml(design),
    design,
    variations: [variation(0), variation(1), variation(2)],
  };
}

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(0);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`;
}
