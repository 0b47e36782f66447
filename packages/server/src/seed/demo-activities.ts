import {
  activityContentInputSchema,
  activityWriteSchema,
  capabilitiesForRoles,
  type ActivityWrite,
  type Channel,
} from '@herald/protocol';
import type { Transaction } from 'kysely';
import { saveActivityRevision } from '../activities/save-revision.ts';
import { writeActivity } from '../activities/write-activity.ts';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/** A demo organization's look and words, so its messages read as its own. */
export interface DemoBrand {
  organizationId: number;
  /** The member the demo activities are written as (the demo admin). */
  userId: number;
  name: string;
  color: string;
  site: string;
  /** A short link domain as an SMS would carry it. */
  shortLinks: string;
  country: string;
  /** The UTC offset of its local time, for the activities' send times. */
  utcOffset: string;
  whatsAppLanguage: string;
  callToAction: string;
  /** The postal address its e-mail footers carry. */
  address: string;
}

/** A demo campaign as the seed inserted it. */
export interface DemoCampaign {
  id: number;
  organizationId: number;
  name: string;
  /** YYYY-MM-DD. */
  startDate: string;
  details: string;
  partitionIds: number[];
  isArchived: boolean;
}

/** Each campaign takes the next of these channel mixes, so the demo shows every channel several times. */
const CHANNEL_MIXES: readonly Channel[][] = [
  ['email', 'sms', 'pushnotification'],
  ['email', 'whatsapp', 'web'],
  ['email', 'sms', 'line', 'pushnotification'],
  ['email', 'web'],
  ['sms', 'email', 'whatsapp'],
  ['email', 'line', 'displayad'],
];

/**
 * Two to four activities for every demo campaign, of several channels, with real-looking content: written and
 * saved by the same functions as writeRecords and saveActivityRevision (through the contract's schemas), as the
 * demo admin, in the seed's transaction. E-mails get two revisions (a first draft, then the one to send); an
 * archived campaign's activities are archived.
 */
export async function insertDemoActivities(
  trx: Transaction<Database>,
  brands: readonly DemoBrand[],
  campaigns: readonly DemoCampaign[],
): Promise<void> {
  for (const [index, campaign] of campaigns.entries()) {
    const brand = brands.find((candidate) => candidate.organizationId === campaign.organizationId);
    if (!brand) continue;
    const actor: Actor = {
      organizationId: brand.organizationId,
      userId: brand.userId,
      capabilities: capabilitiesForRoles(['System.Admin']),
      partitionIds: undefined,
    };
    const channels = CHANNEL_MIXES[index % CHANNEL_MIXES.length] ?? [];
    for (const [order, channel] of channels.entries()) {
      const plan = activityPlan(channel, brand, campaign, order);
      const activity = await writeActivity(trx, actor, activityWriteSchema.parse(plan.activity), 'demo');
      let saved = { activity };
      for (const content of plan.revisions)
        saved = await saveActivityRevision(trx, actor, activity.id, {
          content: activityContentInputSchema.parse({ schemaVersion: 3, channels: { [channel]: content } }),
        });
      // An archived campaign's activities are archived with it, once their content is saved.
      if (campaign.isArchived)
        await writeActivity(
          trx,
          actor,
          { id: activity.id, version: saved.activity.version, isArchived: true },
          'demo',
        );
    }
  }
}

interface ActivityPlan {
  activity: ActivityWrite;
  revisions: Array<Record<string, unknown>>;
}

/** One activity of a campaign: its settings and its revisions' channel content, oldest first. */
function activityPlan(
  channel: Channel,
  brand: DemoBrand,
  campaign: DemoCampaign,
  order: number,
): ActivityPlan {
  const at = (days: number, time: string) =>
    `${shiftDate(campaign.startDate, days)}T${time}:00${brand.utcOffset}`;
  const slug = campaign.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const link = `${brand.site}/offers/${slug}`;
  const target =
    campaign.partitionIds.length > 0
      ? campaign.partitionIds.map((id) => `partition ${id}`).join(' or ')
      : `country = "${brand.country}"`;
  // A campaign's activities are for its partitions (their partition content is seeded by demo-assets.ts).
  const base = { campaignId: campaign.id, type: channel, target, partitionIds: campaign.partitionIds };
  const greeting = '{{ subscriber.firstname | default: "there" }}';
  switch (channel) {
    case 'email':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – announcement email`,
          date: at(0, '10:00'),
          distribution: { type: 'broadcast' },
          frequency: { type: 'once' },
          throttle: 20_000,
          notes: 'Hero copy approved by marketing; check the button link before sending.',
        },
        revisions: [
          emailContent(brand, campaign, link, `${campaign.name} at ${brand.name}`, 'Find out more'),
          emailContent(
            brand,
            campaign,
            link,
            `{{ subscriber.firstname | default: "Hey" }}, ${campaign.name} is on`,
            brand.callToAction,
          ),
        ],
      };
    case 'sms':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – SMS reminder`,
          date: at(order, '16:30'),
          distribution: { type: 'broadcast' },
          frequency: { type: 'once' },
          sendLimit: 25_000,
        },
        revisions: [
          {
            text:
              `${brand.name}: Hi {{ subscriber.firstname | default: "there" }}, ${campaign.name} is on! ` +
              `${campaign.details} ${brand.shortLinks}/${slug.slice(0, 12)} Reply STOP to opt out`,
          },
        ],
      };
    case 'pushnotification':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – cart reminder push`,
          distribution: { type: 'event', event: 'abandoned', delayMinutes: 45 },
          frequency: { type: 'every', days: 7 },
        },
        revisions: [
          {
            title: `Still thinking it over, ${greeting}?`,
            body: `${campaign.name}: ${campaign.details} Your cart is waiting.`,
            imageUrl: `${brand.site}/images/${slug}.jpg`,
            deepLink: `${brand.site.replace('https://', 'app://')}/cart`,
          },
        ],
      };
    case 'whatsapp':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – weekly WhatsApp offer`,
          date: at(1, '12:00'),
          distribution: { type: 'scheduled', interval: 'weekly' },
          frequency: { type: 'every', days: 7 },
        },
        revisions: [
          {
            templateName: 'weekly_offer',
            language: brand.whatsAppLanguage,
            parameters: [greeting, campaign.name, link],
          },
        ],
      };
    case 'line':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – LINE message`,
          date: at(order, '11:30'),
          distribution: { type: 'broadcast' },
        },
        revisions: [
          {
            messages: [
              { type: 'text', text: `Hi ${greeting}! ${campaign.name}: ${campaign.details}` },
              {
                type: 'image',
                originalContentUrl: `${brand.site}/images/${slug}.jpg`,
                previewImageUrl: `${brand.site}/images/${slug}-preview.jpg`,
              },
            ],
          },
        ],
      };
    case 'web':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – site banner`,
          distribution: { type: 'event', event: 'pageviewed' },
          frequency: { type: 'every', days: 1 },
        },
        revisions: [
          {
            placement: 'banner',
            html:
              `<div class="herald-banner" style="background:${brand.color};color:#ffffff;padding:12px 16px;` +
              'font-family:Helvetica,Arial,sans-serif">\n' +
              `  <strong>${escapeHtml(campaign.name)}</strong> ${escapeHtml(campaign.details)}\n` +
              `  <a href="${link}" style="color:#ffffff;font-weight:bold">${brand.callToAction}</a>\n` +
              '</div>',
          },
        ],
      };
    case 'displayad':
      return {
        activity: {
          ...base,
          name: `${campaign.name} – lookalike display ad`,
          date: at(0, '08:00'),
          distribution: { type: 'broadcast' },
        },
        revisions: [{ audienceName: `${campaign.name} lookalikes`, sizes: ['300x250', '728x90', '320x50'] }],
      };
  }
}

/** A campaign e-mail in MJML: a header with the brand, the hero text, a button and a footer with the links. */
function emailContent(
  brand: DemoBrand,
  campaign: DemoCampaign,
  link: string,
  subject: string,
  button: string,
): Record<string, unknown> {
  const mjml = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(campaign.name)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f1ee" width="600px">
    <mj-section background-color="${brand.color}" padding="16px 24px">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="bold" align="center">${escapeHtml(brand.name)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 24px">
      <mj-column>
        <mj-text font-size="28px" line-height="34px" font-weight="bold" color="#222222">${escapeHtml(campaign.name)}</mj-text>
        <mj-text font-size="16px" line-height="24px" color="#444444">Hi {{ subscriber.firstname | default: "there" }},</mj-text>
        <mj-text font-size="16px" line-height="24px" color="#444444">${escapeHtml(campaign.details)}</mj-text>
        <mj-button background-color="${brand.color}" color="#ffffff" border-radius="20px" height="40px" font-size="16px" href="${link}">${escapeHtml(button)}</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#888888" align="center">You are receiving this because you joined the ${escapeHtml(brand.name)} mailing list.<br /><a href="{{ view_online_url }}" style="color:#888888">View online</a> · <a href="{{ unsubscribe_url }}" style="color:#888888">Unsubscribe</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  return {
    subject,
    preheader: campaign.details,
    fromName: brand.name,
    mjml,
  };
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
