import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../database/schema.ts';
import { insertDemoActivities, type DemoBrand, type DemoCampaign } from './demo-activities.ts';
import { insertDemoAssets } from './demo-assets.ts';
import { insertDemoWhatsAppTemplates } from './demo-whatsapp-templates.ts';
import { insertDemoSubscribers } from './demo-subscribers.ts';
import { insertDemoThemes } from './demo-themes.ts';

export interface DemoSeedResult {
  seeded: boolean;
  /** The demo password when this start generated it; printed once and never stored in clear. */
  generatedPassword?: string;
  /**
   * The subscriber database of the demo (20,000 subscribers and their history), seeded after the rest:
   * `seedDemoSubscribers` writes it while the server already answers (see start.ts).
   */
  subscribers?: { organizationId: number; storeIds: number[] };
}

export const DEMO_USERS = {
  admin: 'admin@example.com',
  power: 'power@example.com',
  editor: 'editor@example.com',
  viewer: 'viewer@example.com',
  franchisee: 'franchisee@example.com',
} as const;

/**
 * Seeds the demo organizations and users into an empty database, once. Later areas add their demo
 * records here (campaigns, lists, subscribers …) so a fresh start shows a living product.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  givenPassword: string | undefined,
): Promise<DemoSeedResult> {
  const existing = await db.selectFrom('organization').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const password = givenPassword ?? randomBytes(9).toString('base64url');

  const subscribers = await db.transaction().execute(async (trx) => {
    const pizza = await insertOrganization(trx, 'Demo Pizza Co', '#d9480f', { currency: 'AUD' });
    const acme = await insertOrganization(trx, 'Acme Retail', '#1971c2', { currency: 'USD' });

    const north = await insertPartitionSet(trx, pizza, 'North Region');
    const south = await insertPartitionSet(trx, pizza, 'South Region');
    const stores: Array<[number, string, string]> = [
      [north, 'Northgate Store', 'STORE-N01'],
      [north, 'Harbour View Store', 'STORE-N02'],
      [south, 'Southbank Store', 'STORE-S01'],
      [south, 'Riverside Store', 'STORE-S02'],
    ];
    const storeIds = (
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
        .returning('id')
        .execute()
    ).map((row) => row.id);

    const user = async (email: string, phone: string) =>
      (
        await trx
          .insertInto('user_account')
          .values({ email, phone, password_hash: await hashPassword(password), settings: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const admin = await user(DEMO_USERS.admin, '+61 400 000 001');
    const power = await user(DEMO_USERS.power, '+61 400 000 002');
    const editor = await user(DEMO_USERS.editor, '+61 400 000 003');
    const viewer = await user(DEMO_USERS.viewer, '+61 400 000 004');
    const franchisee = await user(DEMO_USERS.franchisee, '+61 400 000 005');

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

    const campaigns = await insertDemoCampaigns(trx, pizza, acme, storeIds);
    await insertDemoActivities(trx, demoBrands(pizza, acme, admin), campaigns);
    await insertDemoThemes(
      trx,
      demoBrands(pizza, acme, admin).map((brand) => ({
        organizationId: brand.organizationId,
        brandName: brand.name,
        primary: brand.color,
        domain: new URL(brand.site).hostname,
      })),
    );
    await insertDemoWhatsAppTemplates(trx, demoBrands(pizza, acme, admin));
    await insertDemoAssets(trx, demoBrands(pizza, acme, admin));
    return { organizationId: pizza, storeIds };
  });

  return givenPassword
    ? { seeded: true, subscribers }
    : { seeded: true, generatedPassword: password, subscribers };
}

/**
 * Seeds the demo subscriber database (seed/demo-subscribers.ts). It takes a few seconds, so a first start
 * runs it after the server is ready, in slices that let other requests through; the lists fill in meanwhile.
 */
export async function seedDemoSubscribers(db: Kysely<Database>, seed: DemoSeedResult): Promise<void> {
  if (!seed.subscribers) return;
  await insertDemoSubscribers(db, seed.subscribers.organizationId, seed.subscribers.storeIds);
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
