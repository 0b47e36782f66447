import { describe, expect, it } from 'vitest';
import { capabilitiesForRoles, whatsAppParameterCount } from '@herald/protocol';
import { SAMPLE_RECIPIENT } from '../src/activities/preview-recipient.ts';
import { renderContentPreview } from '../src/activities/render-preview.ts';
import { seedDemoData } from '../src/seed/demo-seed.ts';
import { ChannelClient } from './support/channel-client.ts';
import { startTestHerald } from './support/herald.ts';

describe('demo data', () => {
  it('seeds the demo organizations and users once, and they can sign in', async () => {
    const herald = await startTestHerald(
      { seedDemoData: true, demoPassword: 'demo-password-123' },
      { freshDatabase: true },
    );
    try {
      expect(herald.seed).toMatchObject({ seeded: true });
      expect(await seedDemoData(herald.database.db, 'demo-password-123')).toEqual({ seeded: false });
      // The organizations and users are in before the server listens; the rest fills in after.
      await herald.demoData;

      // Each demo organization has the starter templates and its themes (one of them locked).
      const organizations = await herald.database.db.selectFrom('organization').select('id').execute();
      for (const { id } of organizations) {
        const templates = await herald.database.db
          .selectFrom('template')
          .select(['url', 'is_starter'])
          .where('organization_id', '=', id)
          .orderBy('url')
          .execute();
        expect(templates).toEqual([
          { url: 'v5_starter-newsletter', is_starter: true },
          { url: 'v5_starter-promotion', is_starter: true },
          { url: 'v5_starter-welcome', is_starter: true },
        ]);
        const themes = await herald.database.db
          .selectFrom('theme')
          .select('is_locked')
          .where('organization_id', '=', id)
          .orderBy('id')
          .execute();
        expect(themes.map((theme) => theme.is_locked)).toEqual([false, true]);
      }

      const session = await ChannelClient.open(herald.wsUrl('session'));
      const expectations: Array<[string, Record<string, string[]>]> = [
        ['admin@example.com', { 'Demo Pizza Co': ['System.Admin'], 'Acme Retail': ['System.Admin'] }],
        ['power@example.com', { 'Demo Pizza Co': ['System.PowerUser'], 'Acme Retail': ['System.PowerUser'] }],
        [
          'editor@example.com',
          {
            'Demo Pizza Co': ['Content.Edit', 'Content.Approve'],
            'Acme Retail': ['Content.Edit', 'Content.Approve'],
          },
        ],
        ['viewer@example.com', { 'Demo Pizza Co': ['Database.Read'], 'Acme Retail': ['Database.Read'] }],
        ['franchisee@example.com', { 'Demo Pizza Co': ['franchisee'] }],
      ];
      for (const [email, roles] of expectations) {
        const { user } = await session.call<{
          user: {
            organizations: Array<{
              organization: string;
              roles: string[];
              capabilities: string[];
              partitionsets: number[];
            }>;
          };
        }>('createSession', { email, password: 'demo-password-123' });
        expect(Object.fromEntries(user.organizations.map((o) => [o.organization, o.roles]))).toEqual(roles);
        for (const organization of user.organizations) {
          expect(organization.capabilities).toEqual(capabilitiesForRoles(organization.roles));
          expect(organization.partitionsets.length).toBe(email.startsWith('franchisee') ? 1 : 0);
        }
      }
      session.close();

      const partitionSets = await herald.database.db
        .selectFrom('partition_set')
        .innerJoin('organization', 'organization.id', 'partition_set.organization_id')
        .select(['organization.name as organization', 'partition_set.name'])
        .execute();
      expect(partitionSets.map((set) => set.organization)).toEqual(['Demo Pizza Co', 'Demo Pizza Co']);

      // The demo database: three lists and 20,000 subscribers with custom fields and history.
      const db = herald.database.db;
      const lists = await db
        .selectFrom('subscriber_list')
        .select(['name', 'subscriber_count', 'contactable_count'])
        .orderBy('id')
        .execute();
      expect(lists.map((list) => list.name)).toEqual([
        'Pizza Club Newsletter',
        'SMS Deals',
        'VIP Tasting Panel',
      ]);
      for (const list of lists) {
        expect(list.subscriber_count).toBeGreaterThan(0);
        expect(list.contactable_count).toBeLessThan(list.subscriber_count);
      }
      const subscribers = await db
        .selectFrom('subscriber')
        .select(db.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(subscribers.count)).toBe(20_000);
      const events = await db
        .selectFrom('subscriber_event')
        .select(db.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(events.count)).toBeGreaterThan(20_000);
      const history = await db
        .selectFrom('list_stats_day')
        .select(db.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(history.count)).toBeGreaterThan(100);

      // Every campaign has two to four activities of several channels, each with saved content that
      // renders without errors; e-mails in MJML with a button and the unsubscribe link.
      const campaigns = await db.selectFrom('campaign').select(['id', 'name', 'is_archived']).execute();
      const activities = await db
        .selectFrom('activity')
        .innerJoin('activity_revision', 'activity_revision.id', 'activity.latest_revision_id')
        .select([
          'activity.campaign_id',
          'activity.type',
          'activity.name',
          'activity.is_archived',
          'activity_revision.content',
        ])
        .execute();
      expect(
        await db.selectFrom('activity').select('id').where('latest_revision_id', 'is', null).execute(),
      ).toEqual([]);
      for (const campaign of campaigns) {
        const own = activities.filter((activity) => activity.campaign_id === campaign.id);
        expect(own.length, campaign.name).toBeGreaterThanOrEqual(2);
        expect(own.length, campaign.name).toBeLessThanOrEqual(4);
        expect(new Set(own.map((activity) => activity.type)).size, campaign.name).toBe(own.length);
        for (const activity of own) expect(activity.is_archived).toBe(campaign.is_archived);
      }
      expect(new Set(activities.map((activity) => activity.type))).toEqual(
        new Set(['email', 'sms', 'pushnotification', 'whatsapp', 'line', 'web', 'displayad']),
      );
      const emailRevisions = await db
        .selectFrom('activity_revision')
        .innerJoin('activity', 'activity.id', 'activity_revision.activity_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('activity.type', '=', 'email')
        .executeTakeFirstOrThrow();
      expect(Number(emailRevisions.count)).toBe(2 * activities.filter((a) => a.type === 'email').length);
      const recipient = {
        subscriber: SAMPLE_RECIPIENT,
        unsubscribeUrl: 'https://herald.example/t/u/preview',
        viewOnlineUrl: 'https://herald.example/t/v/preview',
        organization: { name: 'Demo Pizza Co' },
      };
      for (const activity of activities) {
        const content = activity.content as Parameters<typeof renderContentPreview>[1];
        const preview = await renderContentPreview(activity.type as 'email', content, recipient);
        expect(preview.errors, activity.name).toEqual([]);
        if (activity.type !== 'email') continue;
        expect(preview.subject, activity.name).toMatch(/^Alex, /);
        expect(preview.html, activity.name).toContain('https://herald.example/t/u/preview');
        expect(preview.html, activity.name).toMatch(/Order now|Shop now/);
        expect(preview.text, activity.name).toContain('Hi Alex,');
      }

      // Every demo organization has published logo and banner images (safe SVG in its
      // brand colour, served on its public URL), HTML snippets, an unpublished asset, published content blocks
      // (a footer with the unsubscribe link, social links, promos by partition) and a draft block.
      const brandColours = new Map([
        ['Demo Pizza Co', '#d9480f'],
        ['Acme Retail', '#1971c2'],
      ]);
      const demoOrganizations = await db.selectFrom('organization').select(['id', 'name']).execute();
      for (const organization of demoOrganizations) {
        const assets = await db
          .selectFrom('asset')
          .select(['id', 'name', 'kind', 'file_type', 'file_name', 'is_published', 'content'])
          .where('organization_id', '=', organization.id)
          .execute();
        const svgs = assets.filter((asset) => asset.file_type === 'svg');
        expect(svgs.length, organization.name).toBeGreaterThanOrEqual(2);
        for (const svg of svgs) {
          const text = Buffer.from(svg.content).toString('utf8');
          expect(text).toContain(brandColours.get(organization.name));
          expect(text).not.toMatch(/<script|on\w+=/i);
        }
        expect(assets.some((asset) => asset.file_type === 'html' && asset.is_published)).toBe(true);
        expect(assets.some((asset) => !asset.is_published)).toBe(true);
        const logo = svgs.find((asset) => asset.name.endsWith('logo') && asset.is_published)!;
        const served = await fetch(
          new URL(`/media/${organization.id}/${logo.id}/${logo.file_name}`, herald.config.publicUrl),
        );
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);

        const blocks = await db
          .selectFrom('content_block')
          .select(['name', 'content', 'tags', 'is_published', 'partition_ids'])
          .where('organization_id', '=', organization.id)
          .execute();
        const published = blocks.filter((block) => block.is_published);
        const footer = published.find(
          (block) => block.tags.includes('footer') && block.content.includes('unsubscribe_url'),
        );
        expect(footer?.content, organization.name).toMatch(/Street/);
        expect(published.some((block) => block.tags.includes('social'))).toBe(true);
        expect(published.some((block) => block.tags.includes('promo'))).toBe(true);
        expect(blocks.some((block) => !block.is_published)).toBe(true);
      }
      // Demo Pizza Co's promos are by region, and its partitioned e-mails have partition content for each of their
      // partitions: published blocks (the region's promo first) and published asset opt-ins.
      const pizzaId = demoOrganizations.find((organization) => organization.name === 'Demo Pizza Co')!.id;
      const regionalPromos = (
        await db
          .selectFrom('content_block')
          .select(['id', 'tags', 'partition_ids'])
          .where('organization_id', '=', pizzaId)
          .where('is_published', '=', true)
          .execute()
      ).filter((block) => block.tags.includes('promo'));
      expect(regionalPromos.length).toBe(2);
      for (const promo of regionalPromos) expect(promo.partition_ids.length).toBe(2);
      const partitioned = await db
        .selectFrom('activity')
        .select(['id', 'partition_ids'])
        .where('organization_id', '=', pizzaId)
        .where('type', '=', 'email')
        .where('is_archived', '=', false)
        .execute();
      const withPartitions = partitioned.filter((activity) => activity.partition_ids.length > 0);
      expect(withPartitions.length).toBeGreaterThan(0);
      const partitionContent = await db
        .selectFrom('activity_partition_content')
        .select(['activity_id', 'partition_id', 'asset_optins', 'lsm'])
        .where('organization_id', '=', pizzaId)
        .execute();
      for (const activity of withPartitions)
        for (const partitionId of activity.partition_ids) {
          const entry = partitionContent.find(
            (row) => row.activity_id === activity.id && row.partition_id === partitionId,
          );
          expect(entry?.asset_optins.length).toBeGreaterThan(0);
          const lsm = entry?.lsm as Array<{ contentId: number }>;
          const promo = regionalPromos.find((candidate) => candidate.id === lsm[0]?.contentId);
          expect(promo?.partition_ids).toContain(partitionId);
        }

      // Every demo organization has WhatsApp templates in each state, and every demo WhatsApp activity uses a
      // received template of its own organization with as many parameters as the template's body takes.
      const templates = await db
        .selectFrom('whatsapp_template')
        .select(['organization_id', 'name', 'language', 'body', 'status'])
        .execute();
      const activityOrganizations = await db
        .selectFrom('activity')
        .select('organization_id')
        .distinct()
        .execute();
      expect(activityOrganizations.length).toBe(2);
      for (const { organization_id } of activityOrganizations)
        expect(
          new Set(templates.filter((t) => t.organization_id === organization_id).map((t) => t.status)),
        ).toEqual(new Set(['pending', 'received', 'paused', 'disabled']));
      const whatsApps = await db
        .selectFrom('activity')
        .innerJoin('activity_revision', 'activity_revision.id', 'activity.latest_revision_id')
        .select(['activity.organization_id', 'activity.name', 'activity_revision.content'])
        .where('activity.type', '=', 'whatsapp')
        .execute();
      expect(whatsApps.length).toBeGreaterThan(0);
      for (const activity of whatsApps) {
        const content = (activity.content as { channels: { whatsapp: Record<string, unknown> } }).channels
          .whatsapp as { templateName: string; language: string; parameters: string[] };
        const template = templates.find(
          (t) =>
            t.organization_id === activity.organization_id &&
            t.name === content.templateName &&
            t.language === content.language,
        );
        expect(template?.status, activity.name).toBe('received');
        expect(whatsAppParameterCount(template!.body), activity.name).toBe(content.parameters.length);
      }
    } finally {
      await herald.stop();
    }
  });

  it('generates a demo password when none is given and reports it once', async () => {
    const herald = await startTestHerald(
      { seedDemoData: true, demoPassword: undefined },
      { freshDatabase: true },
    );
    try {
      expect(herald.seed.generatedPassword).toMatch(/^[A-Za-z0-9_-]{12}$/);
    } finally {
      await herald.stop();
    }
  });
});
