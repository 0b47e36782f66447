import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** The campaign list's status filter (functional §2); `all` is every campaign that is not archived. */
export const CAMPAIGN_STATUSES = ['all', 'active', 'upcoming', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Where a campaign stands on a day: each status but `all` is one of these. */
export type CampaignState = Exclude<CampaignStatus, 'all'>;

/**
 * Where a campaign stands on `today` (YYYY-MM-DD), the one rule of functional §2 that the list filter, the
 * dashboard's counts and the badges follow: archived first; upcoming starts after today; completed ended
 * before today; otherwise active (a campaign that ends today is still active today). The server's SQL form of
 * it (campaigns/campaign-status.ts) is tested against this function.
 */
export function campaignStateOf(
  campaign: { isArchived: boolean; startDate: string; endDate: string | null },
  today: string,
): CampaignState {
  if (campaign.isArchived) return 'archived';
  if (campaign.startDate > today) return 'upcoming';
  if (campaign.endDate !== null && campaign.endDate < today) return 'completed';
  return 'active';
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/** A campaign as the server answers it (query, writeRecords, `records` pushes). */
export const campaignRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  details: z.string(),
  notes: z.string(),
  partitionIds: z.array(z.number().int()),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Grows by one on each update; send it back with an update so a stale write is refused. */
  version: z.number().int(),
});
export type CampaignRecord = z.infer<typeof campaignRecordSchema>;

/**
 * What a client may write to a campaign: a create has no id and needs name and startDate; an update has
 * the id and the `version` (or `updatedAt`) it read, plus the fields it changes. Any other key is refused
 * (strict), so organization_id, createdAt … cannot be assigned. Archive and unarchive set isArchived.
 */
export const campaignWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.nullable().optional(),
  details: z.string().max(20_000).optional(),
  notes: z.string().max(20_000).optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
  isArchived: z.boolean().optional(),
});
export type CampaignWrite = z.infer<typeof campaignWriteSchema>;

export const campaignResource = defineResource({
  type: 'campaign',
  description: 'Campaigns (functional §2): a name, dates, details and notes, the partitions that see it.',
  record: campaignRecordSchema,
  write: campaignWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    startDate: filterOn.date,
    endDate: filterOn.date,
    isArchived: filterOn.flag,
    partitionIds: filterOn.partitions,
    updatedAt: filterOn.instant,
    status: { kind: 'named', description: `one of ${CAMPAIGN_STATUSES.join(', ')} (campaignStateOf)` },
  },
  sortKeys: ['name', 'startDate', 'endDate', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.campaign,
  live: true,
});
