import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';

/** A campaign as the server answers it (protocol records/campaign.ts). */
export interface Campaign {
  id: number;
  name: string;
  /** ISO date, YYYY-MM-DD. */
  startDate: string;
  endDate: string | null;
  details: string;
  notes: string;
  partitionIds: number[];
  isArchived: boolean;
  createdAt?: string;
  updatedAt?: string;
  version?: number;
  [field: string]: unknown;
}

/** Functional §2: the campaign list's filters, `all` (every campaign not archived) first. */
export const CAMPAIGN_FILTERS = ['all', 'active', 'upcoming', 'completed', 'archived'] as const;
export const CAMPAIGN_SORT_KEYS = ['id', 'name', 'startDate'] as const;

export const campaignListDefinition: ListDefinition = {
  filters: CAMPAIGN_FILTERS,
  sortKeys: CAMPAIGN_SORT_KEYS,
};

/** The `query` filter for the list's params: the status, and the partition when one is chosen. */
export function campaignQueryFilter(
  params: Pick<ListParams, 'filter' | 'partition'>,
): Record<string, unknown> {
  return {
    status: params.filter,
    ...(params.partition !== null ? { partitionIds: { overlaps: [params.partition] } } : {}),
  };
}

export type CampaignState = 'archived' | 'upcoming' | 'active' | 'completed';

/** Where a campaign stands on `today` (YYYY-MM-DD): the status filters' meaning, for its badge. */
export function campaignState(
  campaign: Pick<Campaign, 'isArchived' | 'startDate' | 'endDate'>,
  today: string,
): CampaignState {
  if (campaign.isArchived) return 'archived';
  if (campaign.startDate > today) return 'upcoming';
  if (campaign.endDate !== null && campaign.endDate < today) return 'completed';
  return 'active';
}

/** Today as an ISO date in UTC. */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The setup form's fields as typed. */
export interface CampaignForm {
  name: string;
  startDate: string;
  endDate: string;
  details: string;
  notes: string;
  partitionIds: number[];
}

export function emptyCampaignForm(today: string): CampaignForm {
  return { name: '', startDate: today, endDate: '', details: '', notes: '', partitionIds: [] };
}

export function campaignToForm(campaign: Campaign): CampaignForm {
  return {
    name: campaign.name,
    startDate: campaign.startDate,
    endDate: campaign.endDate ?? '',
    details: campaign.details,
    notes: campaign.notes,
    partitionIds: [...campaign.partitionIds],
  };
}

export type CampaignFormError = 'nameRequired' | 'startDateRequired' | 'endBeforeStart';

/** What is wrong with the form, field by field (empty when it can be saved). */
export function validateCampaignForm(
  form: CampaignForm,
): Partial<Record<keyof CampaignForm, CampaignFormError>> {
  const errors: Partial<Record<keyof CampaignForm, CampaignFormError>> = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) errors.startDate = 'startDateRequired';
  else if (form.endDate !== '' && form.endDate < form.startDate) errors.endDate = 'endBeforeStart';
  return errors;
}

/**
 * The writeRecords record for the form: a create carries no id; an update carries the id and the version
 * read, so a change made meanwhile by someone else is refused (StaleRecordError) rather than overwritten.
 */
export function campaignWrite(
  form: CampaignForm,
  existing: Pick<Campaign, 'id' | 'version' | 'updatedAt'> | null,
  partitioned: boolean,
): Record<string, unknown> {
  return {
    ...(existing ? versionOf(existing) : {}),
    name: form.name.trim(),
    startDate: form.startDate,
    endDate: form.endDate === '' ? null : form.endDate,
    details: form.details,
    notes: form.notes,
    ...(partitioned ? { partitionIds: form.partitionIds } : {}),
  };
}

/** Archive or unarchive: only the flag, with the version read. */
export function campaignArchiveWrite(
  campaign: Pick<Campaign, 'id' | 'version' | 'updatedAt'>,
  isArchived: boolean,
): Record<string, unknown> {
  return { ...versionOf(campaign), isArchived };
}

function versionOf(campaign: Pick<Campaign, 'id' | 'version' | 'updatedAt'>): Record<string, unknown> {
  return {
    id: campaign.id,
    ...(campaign.version !== undefined
      ? { version: campaign.version }
      : campaign.updatedAt !== undefined
        ? { updatedAt: campaign.updatedAt }
        : {}),
  };
}
