/** A campaign as the dashboard and search show it, read defensively from a `query` record. */
export interface CampaignSummary {
  id: number | string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  isArchived: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function readCampaign(raw: unknown): CampaignSummary | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = typeof record.id === 'number' || typeof record.id === 'string' ? record.id : null;
  if (id === null) return null;
  return {
    id,
    name: text(record.name) ?? `#${id}`,
    startDate: text(record.startDate) ?? text(record.start_date),
    endDate: text(record.endDate) ?? text(record.end_date),
    isArchived: record.isArchived === true || record.is_archived === true,
  };
}

export function readCampaigns(records: readonly unknown[]): CampaignSummary[] {
  return records.map(readCampaign).filter((campaign): campaign is CampaignSummary => campaign !== null);
}

/** Where a campaign opens (platform §2: campaign/{campaignId}). */
export function campaignPath(organizationId: number, id: number | string): string {
  return `/${organizationId}/campaign/${id}`;
}
