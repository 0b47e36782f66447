import { describe, expect, it } from 'vitest';
import {
  campaignArchiveWrite,
  campaignQueryFilter,
  campaignWrite,
  emptyCampaignForm,
  validateCampaignForm,
} from './campaign.ts';

const today = '2026-06-15';

describe('campaign query filter', () => {
  it('sends the status, and the partition when chosen', () => {
    expect(campaignQueryFilter({ filter: 'active', partition: null })).toEqual({ status: 'active' });
    expect(campaignQueryFilter({ filter: 'all', partition: 4 })).toEqual({
      status: 'all',
      partitionIds: { overlaps: [4] },
    });
  });
});

describe('campaign setup form', () => {
  const form = { ...emptyCampaignForm(today), name: ' Spring ' };

  it('needs a name and a start date, and an end date not before it', () => {
    expect(validateCampaignForm(emptyCampaignForm(today))).toEqual({ name: 'nameRequired' });
    expect(validateCampaignForm({ ...form, startDate: '' })).toEqual({ startDate: 'startDateRequired' });
    expect(validateCampaignForm({ ...form, endDate: '2026-06-14' })).toEqual({ endDate: 'endBeforeStart' });
    expect(validateCampaignForm({ ...form, endDate: today })).toEqual({});
  });

  it('creates without an id, an empty end date as null, partitions only when partitioned', () => {
    expect(campaignWrite(form, null, false)).toEqual({
      name: 'Spring',
      startDate: today,
      endDate: null,
      details: '',
      notes: '',
    });
    expect(campaignWrite({ ...form, partitionIds: [3] }, null, true)).toMatchObject({ partitionIds: [3] });
  });

  it('updates with the id and the version read, so a stale write is refused', () => {
    expect(campaignWrite(form, { id: 9, version: 4 }, false)).toMatchObject({ id: 9, version: 4 });
    expect(campaignWrite(form, { id: 9, updatedAt: 'x' }, false)).toMatchObject({ id: 9, updatedAt: 'x' });
    expect(campaignArchiveWrite({ id: 9, version: 4 }, true)).toEqual({
      id: 9,
      version: 4,
      isArchived: true,
    });
  });
});
