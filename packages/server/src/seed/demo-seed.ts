import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../accounts/passwords.ts';
import { readStartMarkers, writeStartMarker } from '../database/herald-state.ts';
import type { Database } from '../database/schema.ts';
import { insertDemoActivities, type DemoBrand, type DemoCampaign } from './demo-activities.ts';
import { insertDemoAssets } from './demo-assets.ts';
import { insertDemoWhatsAppTemplates } from './demo-whatsapp-templates.ts';
import { DEMO_FILL_DONE, DEMO_SUBSCRIBERS_START, insertDemoSubscribers } from './demo-subscribers.ts';
import { insertDemoThemes } from './demo-themes.ts';

export interface DemoSeedResult {
  seeded: boolean;
  /** The demo password when this start generated it; printed once and never stored in clear. */
  generatedPassword?: string;
}

export const DEMO_USERS = {
  admin: 'admin@example.com',
  power: 'power@example.com',
  editor: 'editor@example.com',
  viewer: 'viewer@example.com',
  franchisee: 'franchisee@example.com',
} as const;

const DEMO_ORGANIZATIONS = { pizza: 'Demo Pizza Co', acme: 'Acme Retail' } as const;

/**
 * Seeds the demo organizations, their partitions and the demo users into an empty database, once: what a first
 * sign-in needs, so a start writes it before it listens. The rest of the demo (campaigns, activities, content,
 * the subscriber database) is filled in after listening by fillDemoData, which the `demo-data` start marker set
 * here tells to run.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  givenPassword: string | undefined,
): Promise<DemoSeedResult> {
  const existing = await db.selectFrom('organization').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const password = givenPassword ?? randomBytes(9).toString('base64url');
  // One hash for the five users, who share the one demo password anyway: argon2 is slow on purpose.
  const passwordHash = await hashPassword(password);

  await db.transaction().execute(async (trx) => {
    const pizza = await insertOrganization(trx, DEMO_ORGANIZATIONS.pizza, '#d9480f', { currency: 'AUD' });
    const acme = await insertOrganization(trx, DEMO_ORGANIZATIONS.acme, '#1971c2', { currency: 'USD' });

    const north = await insertPartitionSet(trx, pizza, 'North Region');
    const south = await insertPartitionSet(trx, pizza, 'South Region');
    const stores: Array<[number, string, string]> = [
      [north, 'Northgate Store', 'STORE-N01'],
      [north, 'Harbour View Store', 'STORE-N02'],
      [south, 'Southbank Store', 'STORE-S01'],
      [south, 'Riverside Store', 'STORE-S02'],
    ];
    await trx
      .insertInto('partition')
      .values(
        stores.map(([setId, name, ref]) => ({
          organization_id: pizza,
          partition_set_id: setId,
          name,
          external_ref: ref,
        })),
      )
      .execute();

    const users = await trx
      .insertInto('user_account')
      .values(
        (
          [
            [DEMO_USERS.admin, '+61 400 000 001'],
            [DEMO_USERS.power, '+61 400 000 002'],
            [DEMO_USERS.editor, '+61 400 000 003'],
            [DEMO_USERS.viewer, '+61 400 000 004'],
            [DEMO_USERS.franchisee, '+61 400 000 005'],
          ] as const
        ).map(([email, phone]) => ({ email, phone, password_hash: passwordHash, settings: '{}' })),
      )
      .returning(['id', 'email'])
      .execute();
    const idOf = (email: string) => users.find((user) => user.email === email)?.id ?? 0;
    const [admin, power, editor, viewer, franchisee] = [
      idOf(DEMO_USERS.admin),
      idOf(DEMO_USERS.power),
      idOf(DEMO_USERS.editor),
      idOf(DEMO_USERS.viewer),
      idOf(DEMO_USERS.franchisee),
    ];

    const grants: Array<[number, number, string[], number[]]> = [
      [admin, pizza, ['System.Admin'], []],
      [admin, acme, ['System.Admin'], []],
      [power, pizza, ['System.PowerUser'], []],
      [power, acme, ['System.PowerUser'], []],
      [editor, pizza, ['Content.Edit', 'Content.Approve'], []],
      [editor, acme, ['Content.Edit', 'Content.Approve'], []],
      [viewer, pizza, ['Database.Read'], []],
      [viewer, acme, ['Database.Read'], []],
      [franchisee, pizza, ['franchisee'], [north]],
    ];
    await trx
      .insertInto('organization_access')
      .values(
        grants.map(([userId, organizationId, roles, partitionsets]) => ({
          user_id: userId,
          organization_id: organizationId,
          roles,
          partitionsets,
        })),
      )
      .execute();
    await writeStartMarker(trx, 'demo-data', DEMO_FILL_STARTS);
  });

  return givenPassword ? { seeded: true } : { seeded: true, generatedPassword: password };
}

/**
 * Fills in the rest of the demo after the server listens: campaigns, activities, themes, WhatsApp templates and
 * content in one transaction, then Demo Pizza Co's subscriber database in slices (seed/demo-subscribers.ts).
 * Each step records how far the fill got in the `demo-data` start marker, in its own transaction, so a fill cut
 * short (the server stopped, `signal`, or killed) goes on where it stopped at the next start, and a finished one
 * is never run again. Nothing to do on a database the demo seed did not start. Answers whether it filled any.
 */
export async function fillDemoData(db: Kysely<Database>, signal?: AbortSignal): Promise<boolean> {
  const progress = (await readStartMarkers(db)).get('demo-data');
  if (progress === undefined || progress === DEMO_FILL_DONE) return false;
  const demo = await readDemoOrganizations(db);
  if (!demo) {
    // Renamed or removed before the fill could finish: there is no demo left to fill in.
    await writeStartMarker(db, 'demo-data', DEMO_FILL_DONE);
    return false;
  }
  if (progress === DEMO_FILL_STARTS) {
    signal?.throwIfAborted();
    await db.transaction().execute(async (trx) => {
      const brands = demoBrands(demo.pizza, demo.acme, demo.admin);
      const campaigns = await insertDemoCampaigns(trx, demo.pizza, demo.acme, demo.storeIds);
      await insertDemoActivities(trx, brands, campaigns);
      await insertDemoThemes(
        trx,
        brands.map((brand) => ({
          organizationId: brand.organizationId,
          brandName: brand.name,
          primary: brand.color,
          domain: new URL(brand.site).hostname,
        })),
      );
      await insertDemoWhatsAppTemplates(trx, brands);
      await insertDemoAssets(trx, brands);
      await writeStartMarker(trx, 'demo-data', DEMO_SUBSCRIBERS_START);
    });
  }
  await insertDemoSubscribers(db, demo.pizza, demo.storeIds, {
    signal,
    progress: progress === DEMO_FILL_STARTS ? DEMO_SUBSCRIBERS_START : progress,
  });
  return true;
}

/** The `demo-data` marker as the organizations and users are seeded: the rest is still to fill in. */
const DEMO_FILL_STARTS = 'organizations';

/** The demo's organizations, their stores and admin, as seedDemoData wrote them; undefined when they are gone. */
async function readDemoOrganizations(
  db: Kysely<Database>,
): Promise<{ pizza: number; acme: number; admin: number; storeIds: number[] } | undefined> {
  const organizations = await db
    .selectFrom('organization')
    .select(['id', 'name'])
    .where('name', 'in', [DEMO_ORGANIZATIONS.pizza, DEMO_ORGANIZATIONS.acme])
    .orderBy('id')
    .execute();
  const pizza = organizations.find((row) => row.name === DEMO_ORGANIZATIONS.pizza)?.id;
  const acme = organizations.find((row) => row.name === DEMO_ORGANIZATIONS.acme)?.id;
  const admin = await db
    .selectFrom('user_account')
    .select('id')
    .where('email', '=', DEMO_USERS.admin)
    .executeTakeFirst();
  if (pizza === undefined || acme === undefined || !admin) return undefined;
  const stores = await db
    .selectFrom('partition')
    .select('id')
    .where('organization_id', '=', pizza)
    .orderBy('id')
    .execute();
  return { pizza, acme, admin: admin.id, storeIds: stores.map((store) => store.id) };
}

async function insertOrganization(
  trx: Kysely<Database>,
  name: string,
  theme: string,
  settings: Record<string, unknown>,
): Promise<number> {
  const row = await trx
    .insertInto('organization')
    .values({
      name,
      theme,
      settings: JSON.stringify(settings),
      domains_config: JSON.stringify({ sending: {} }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPartitionSet(
  trx: Kysely<Database>,
  organizationId: number,
  name: string,
): Promise<number> {
  const row = await trx
    .insertInto('partition_set')
    .values({ organization_id: organizationId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A dozen Demo Pizza Co campaigns across the list's states (active, upcoming, completed, archived),
 * dated relative to the day of seeding, some for the northern or southern stores; a few for Acme. Answers them
 * for their activities (seed/demo-activities.ts).
 */
async function insertDemoCampaigns(
  trx: Transaction<Database>,
  pizza: number,
  acme: number,
  storeIds: number[],
): Promise<DemoCampaign[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const [northgate, harbour, southbank, riverside] = storeIds;
  const north = [northgate, harbour].filter((id): id is number => id !== undefined);
  const south = [southbank, riverside].filter((id): id is number => id !== undefined);
  // name, start offset (days), end offset or null (open-ended), partitions, archived, details
  const pizzaCampaigns: Array<[string, number, number | null, number[], boolean, string]> = [
    ['Two-for-Tuesday', -30, 60, [], false, 'Buy one large pizza, get a second free every Tuesday.'],
    ['Loyalty Slices', -200, null, [], false, 'Ongoing points programme: every tenth pizza free.'],
    ['Northgate Grand Reopening', -5, 10, north.slice(0, 1), false, 'Reopening week specials at Northgate.'],
    ['Southern Summer Deals', -12, 20, south, false, 'Family meal deals for the southern stores.'],
    ['Gluten-Free Launch', 14, 45, [], false, 'Introducing the gluten-free base across all stores.'],
    [
      'Harbour Festival',
      30,
      33,
      north.slice(1),
      false,
      'Stall and delivery offers for the harbour festival.',
    ],
    ['Winter Warmers', 90, 150, [], false, 'Soups, sides and hearty pizzas for the cold months.'],
    ['Back to School', -120, -90, [], false, 'Lunchbox-size pizzas for the new school term.'],
    ['Footy Finals Feast', -75, -60, [...north, ...south], false, 'Party packs for finals weekend.'],
    [
      'Riverside Store Anniversary',
      -40,
      -33,
      south.slice(1),
      false,
      'One year at Riverside: 20% off all week.',
    ],
    ['Holiday Party Packs 2024', -700, -650, [], true, "Last season's holiday catering offer."],
    ['Legacy Coupon Book', -500, -400, north, true, 'The old printed coupon book, retired.'],
  ];
  const acmeCampaigns: Array<[string, number, number | null, number[], boolean, string]> = [
    ['Spring Clearance', -7, 21, [], false, "Clearing last season's stock."],
    ['New Store Opening', 20, 27, [], false, 'Opening offers for the new flagship store.'],
    ['Black Friday', -365, -362, [], true, "Last year's Black Friday sale."],
  ];
  const rows = [
    ...pizzaCampaigns.map((campaign) => [pizza, ...campaign] as const),
    ...acmeCampaigns.map((campaign) => [acme, ...campaign] as const),
  ];
  const inserted = await trx
    .insertInto('campaign')
    .values(
      rows.map(([organizationId, name, start, end, partitionIds, archived, details]) => ({
        organization_id: organizationId,
        name,
        start_date: day(start),
        end_date: end === null ? null : day(end),
        details,
        notes: '',
        partition_ids: partitionIds,
        is_archived: archived,
        created_at: new Date(),
        updated_at: new Date(),
      })),
    )
    .returning(['id', 'organization_id', 'name', 'details', 'partition_ids', 'is_archived'])
    .execute();
  // The start date as written (a driver may read a date column back as a Date at local midnight).
  const startOf = new Map(
    rows.map(([organizationId, name, start]) => [`${organizationId}:${name}`, day(start)]),
  );
  return inserted.map((campaign) => ({
    id: campaign.id,
    organizationId: campaign.organization_id,
    name: campaign.name,
    startDate: startOf.get(`${campaign.organization_id}:${campaign.name}`) ?? day(0),
    details: campaign.details,
    partitionIds: campaign.partition_ids,
    isArchived: campaign.is_archived,
  }));
}

/** How each demo organization's messages look and read (seed/demo-activities.ts). */
function demoBrands(pizza: number, acme: number, admin: number): DemoBrand[] {
  return [
    {
      organizationId: pizza,
      userId: admin,
      name: 'Demo Pizza Co',
      color: '#d9480f',
      site: 'https://demopizza.example',
      shortLinks: 'https://dpz.example',
      country: 'AU',
      utcOffset: '+10:00',
      whatsAppLanguage: 'en_AU',
      callToAction: 'Order now',
      address: '12 Harbour Street, Sydney NSW 2000, Australia',
    },
    {
      organizationId: acme,
      userId: admin,
      name: 'Acme Retail',
      color: '#1971c2',
      site: 'https://acme-retail.example',
      shortLinks: 'https://acme.example/s',
      country: 'US',
      utcOffset: '-05:00',
      whatsAppLanguage: 'en_US',
      callToAction: 'Shop now',
      address: '500 Market Street, Springfield, IL 62701, USA',
    },
  ];
}
