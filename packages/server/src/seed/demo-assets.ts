import { assetFieldsSchema, capabilitiesForRoles, contentBlockWriteSchema } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { checkAssetFile } from '../assets/check-asset-file.ts';
import { insertAsset } from '../assets/write-asset.ts';
import { setPartitionContent } from '../content-blocks/partition-content.ts';
import { writeContentBlock } from '../content-blocks/write-content-block.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import type { DemoBrand } from './demo-activities.ts';

/** What an organization's demo content is made of, as seeded: its assets and blocks by role. */
export interface DemoContent {
  logoId: number;
  bannerId: number;
  openingHoursId: number;
  footerId: number;
  socialId: number;
  /** Promo blocks, each for the partitions it names (none: every partition). */
  promos: Array<{ id: number; partitionIds: number[] }>;
}

/**
 * Every demo organization's assets and content blocks, and the partition content of its partitioned e-mails
 * (docs/architecture.md § Assets and content blocks), so the asset, block and partition-content screens look
 * alive after `npm start`. Stored by the functions createAsset, writeRecords and setActivityPartitionContent use,
 * checks included (an SVG with script would be refused here as anywhere), as the demo admin.
 */
export async function insertDemoAssets(
  trx: Transaction<Database>,
  brands: readonly DemoBrand[],
): Promise<DemoContent[]> {
  const seeded: DemoContent[] = [];
  for (const brand of brands) {
    const actor: Actor = {
      organizationId: brand.organizationId,
      userId: brand.userId,
      capabilities: capabilitiesForRoles(['System.Admin']),
      partitionIds: undefined,
    };
    const partitions = await trx
      .selectFrom('partition')
      .select(['id', 'partition_set_id'])
      .where('organization_id', '=', brand.organizationId)
      .orderBy('id')
      .execute();
    const content = await insertBrandContent(trx, actor, brand, partitions);
    await fillPartitionContent(trx, actor, content);
    seeded.push(content);
  }
  return seeded;
}

async function insertBrandContent(
  trx: Transaction<Database>,
  actor: Actor,
  brand: DemoBrand,
  partitions: ReadonlyArray<{ id: number; partition_set_id: number | null }>,
): Promise<DemoContent> {
  const slug = brand.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const asset = async (fileName: string, text: string, fields: Record<string, unknown>) => {
    const bytes = Buffer.from(text, 'utf8');
    const file = await checkAssetFile(bytes, fileName);
    return insertAsset(
      trx,
      actor,
      { ...file, fileName, content: bytes },
      assetFieldsSchema.parse(fields),
      'demo',
    );
  };
  const logo = await asset(`${slug}-logo.svg`, logoSvg(brand), {
    name: `${brand.name} logo`,
    altText: brand.name,
    description: 'The square logo for e-mail headers and app icons.',
    tags: ['logo', 'brand'],
    isPublished: true,
  });
  const banner = await asset(`${slug}-banner.svg`, bannerSvg(brand, brand.callToAction), {
    name: `${brand.name} hero banner`,
    altText: `${brand.name}: ${brand.callToAction}`,
    description: 'A 600 × 200 hero banner in the brand colour.',
    tags: ['banner', 'hero'],
    deviceType: 'desktop',
    isPublished: true,
  });
  await asset(`${slug}-holiday-banner.svg`, bannerSvg(brand, 'Happy holidays'), {
    name: 'Holiday banner (draft)',
    altText: `${brand.name}: happy holidays`,
    description: 'Waiting for the holiday campaign; not published yet.',
    tags: ['banner', 'seasonal'],
  });
  const openingHours = await asset('opening-hours.html', openingHoursHtml(brand), {
    name: 'Opening hours',
    description: 'A table of opening hours to drop into any message.',
    tags: ['snippet'],
    isPublished: true,
  });
  await asset(
    'legal-disclaimer.html',
    `<p style="font-size:11px;color:#868e96">Offers valid while stocks last. Not to be used with any other offer. ${escapeXml(brand.name)} reserves the right to change prices.</p>`,
    {
      name: 'Legal disclaimer',
      tags: ['snippet', 'legal'],
      isPublished: true,
    },
  );

  const block = (fields: Record<string, unknown>) =>
    writeContentBlock(trx, actor, contentBlockWriteSchema.parse(fields), 'demo');
  const footer = await block({
    name: 'Footer – address and unsubscribe',
    content: footerHtml(brand),
    tags: ['footer'],
    isPublished: true,
  });
  const social = await block({
    name: 'Social links',
    content: socialHtml(brand),
    tags: ['social', 'footer'],
    isPublished: true,
  });
  await block({
    name: 'Referral offer (draft)',
    content: `<p>Give a friend 20% off their first order, and get 20% off your next one.</p>`,
    tags: ['promo', 'referral'],
  });
  // A promo block per set of partitions (a region's stores), else one for everyone.
  const regions = new Map<number, number[]>();
  for (const partition of partitions) {
    const key = partition.partition_set_id ?? 0;
    regions.set(key, [...(regions.get(key) ?? []), partition.id]);
  }
  const promoPlans =
    regions.size > 0
      ? [...regions.values()].map((partitionIds, index) => ({
          name: `Local promo – region ${index + 1}`,
          text:
            index === 0 ? 'Free garlic bread with every large order this week.' : 'Kids eat free on Sundays.',
          partitionIds,
        }))
      : [{ name: 'Promo – free shipping', text: 'Free shipping on orders over $50.', partitionIds: [] }];
  const promos = [];
  for (const plan of promoPlans) {
    const promo = await block({
      name: plan.name,
      content: promoHtml(brand, plan.text),
      tags: ['promo'],
      isPublished: true,
      partitionIds: plan.partitionIds,
    });
    promos.push({ id: promo.id, partitionIds: promo.partitionIds });
  }
  return {
    logoId: logo.id,
    bannerId: banner.id,
    openingHoursId: openingHours.id,
    footerId: footer.id,
    socialId: social.id,
    promos,
  };
}

/**
 * The partition content of the organization's e-mails that are for partitions and not archived: each partition
 * shows its region's promo, the social links and the footer, and opts in to the banner and opening hours.
 */
async function fillPartitionContent(
  trx: Transaction<Database>,
  actor: Actor,
  content: DemoContent,
): Promise<void> {
  const activities = await trx
    .selectFrom('activity')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where('type', '=', 'email')
    .where('is_archived', '=', false)
    .where(sql<boolean>`cardinality(partition_ids) > 0`)
    .orderBy('id')
    .execute();
  for (const { id } of activities) {
    const activity = await readVisibleActivity(trx, actor, id);
    if (!activity) continue;
    for (const partitionId of activity.partitionIds) {
      const promo = content.promos.find(
        (candidate) => candidate.partitionIds.length === 0 || candidate.partitionIds.includes(partitionId),
      );
      await setPartitionContent(trx, actor, activity, {
        partitionId,
        assetOptins: [content.bannerId, content.openingHoursId],
        lsm: [...(promo ? [promo.id] : []), content.socialId, content.footerId].map((contentId) => ({
          contentId,
        })),
      });
    }
  }
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function logoSvg(brand: DemoBrand): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">',
    `<title>${escapeXml(brand.name)}</title>`,
    `<rect width="200" height="200" rx="36" fill="${brand.color}"/>`,
    '<circle cx="100" cy="100" r="70" fill="none" stroke="#ffffff" stroke-width="8"/>',
    `<text x="100" y="120" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials(brand.name))}</text>`,
    '</svg>',
  ].join('');
}

function bannerSvg(brand: DemoBrand, line: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">',
    `<title>${escapeXml(`${brand.name}: ${line}`)}</title>`,
    '<defs><linearGradient id="fade" x1="0" x2="1" y1="0" y2="1">',
    `<stop offset="0" stop-color="${brand.color}"/><stop offset="1" stop-color="${brand.color}" stop-opacity="0.7"/>`,
    '</linearGradient></defs>',
    '<rect width="600" height="200" fill="url(#fade)"/>',
    `<text x="40" y="90" font-family="Helvetica, Arial, sans-serif" font-size="36" font-weight="700" fill="#ffffff">${escapeXml(brand.name)}</text>`,
    `<text x="40" y="140" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="#ffffff">${escapeXml(line)}</text>`,
    '</svg>',
  ].join('');
}

function openingHoursHtml(brand: DemoBrand): string {
  const rows = [
    ['Monday – Thursday', '11am – 10pm'],
    ['Friday – Saturday', '11am – 11pm'],
    ['Sunday', '12pm – 9pm'],
  ];
  return [
    `<table role="presentation" style="font-family:Helvetica,Arial,sans-serif;font-size:14px;border-collapse:collapse">`,
    `<caption style="text-align:left;font-weight:700;color:${brand.color};padding-bottom:4px">Opening hours</caption>`,
    ...rows.map(
      ([days, hours]) => `<tr><td style="padding:2px 16px 2px 0">${days}</td><td>${hours}</td></tr>`,
    ),
    '</table>',
  ].join('');
}

function footerHtml(brand: DemoBrand): string {
  return [
    `<p style="font-size:12px;color:#868e96;text-align:center">${escapeXml(brand.name)} · ${escapeXml(brand.address)}</p>`,
    '<p style="font-size:12px;color:#868e96;text-align:center">',
    'You are receiving this because you subscribed to our news. ',
    '<a href="{{ unsubscribe_url }}">Unsubscribe</a> · <a href="{{ view_online_url }}">View online</a>',
    '</p>',
  ].join('');
}

function socialHtml(brand: DemoBrand): string {
  const host = new URL(brand.site).hostname.replace(/\.example$/, '');
  const links = [
    ['Instagram', `https://instagram.example/${host}`],
    ['Facebook', `https://facebook.example/${host}`],
    ['TikTok', `https://tiktok.example/@${host}`],
  ];
  return `<p style="text-align:center">${links
    .map(([name, url]) => `<a href="${url}" style="color:${brand.color};margin:0 8px">${name}</a>`)
    .join(' ')}</p>`;
}

function promoHtml(brand: DemoBrand, text: string): string {
  return [
    `<div style="background:${brand.color};color:#ffffff;padding:16px;border-radius:8px;text-align:center">`,
    `<p style="font-size:18px;font-weight:700;margin:0 0 8px">${escapeXml(text)}</p>`,
    `<a href="${brand.site}/offers" style="color:#ffffff;text-decoration:underline">${escapeXml(brand.callToAction)}</a>`,
    '</div>',
  ].join('');
}
