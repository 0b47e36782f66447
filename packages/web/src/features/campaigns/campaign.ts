import type { ResourceRecord } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';

/** A campaign as the server answers it (the contract's campaign record). */
export type Campaign = ResourceRecord<'campaign'>;

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
/** What an update sends back of the campaign read: its id, and its version (or, lacking one, updatedAt). */
export interface CampaignVersion {
  id: number;
  version?: number;
  updatedAt?: string;
}

export function campaignWrite(
  form: CampaignForm,
  existing: CampaignVersion | null,
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
  campaign: CampaignVersion,
  isArchived: boolean,
): Record<string, unknown> {
  return { ...versionOf(campaign), isArchived };
}

function versionOf(campaign: CampaignVersion): Record<string, unknown> {
  return {
    id: campaign.id,
    ...(campaign.version !== undefined
      ? { version: campaign.version }
      : campaign.updatedAt !== undefined
        ? { updatedAt: campaign.updatedAt }
        : {}),
  };
}
