import { activityIdOf } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { activityPagePath, activityPlace, readActivityId } from './activityPaths.ts';

describe('activity route params', () => {
  it('reads a positive whole number as an activity id', () => {
    expect(readActivityId('12')).toEqual({ kind: 'valid', id: 12 });
    expect(readActivityId('2147483647')).toEqual({ kind: 'valid', id: 2147483647 });
  });

  it('answers invalid for anything else, as "Activity ID is not valid"', () => {
    for (const text of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', ' 12', '99999999999', '2147483648'])
      expect(readActivityId(text), String(text)).toEqual({ kind: 'invalid' });
  });

  it('agrees with the server’s reading of an id', () => {
    for (const text of ['1', '12', '0', '007', '2147483647', '2147483648', '9999999999', '1e3', 'x'])
      expect(readActivityId(text).kind === 'valid', text).toBe(activityIdOf(text) !== undefined);
  });

  it('builds each page under activity/ or under the campaign alias', () => {
    const plain = { organizationId: 7, campaignId: null };
    const viaCampaign = { organizationId: 7, campaignId: 3 };
    expect(activityPagePath(plain, 'view', 12)).toBe('/7/activity/view/12');
    expect(activityPagePath(plain, 'editor', 12)).toBe('/7/activity/editor/12');
    expect(activityPagePath(viaCampaign, 'edit', 12)).toBe('/7/campaign/3/edit/12');
    expect(activityPagePath(viaCampaign, 'viewerror', 12)).toBe('/7/campaign/3/viewerror/12');
  });

  it('keeps the campaign alias only when the route came through one, naming the activity’s own campaign', () => {
    expect(activityPlace(7, {}, { campaignId: 3 })).toEqual({ organizationId: 7, campaignId: null });
    expect(activityPlace(7, { campaignId: '9' }, { campaignId: 3 })).toEqual({
      organizationId: 7,
      campaignId: 3,
    });
    expect(activityPlace(7, { campaignId: '9' }, null)).toEqual({ organizationId: 7, campaignId: 9 });
    expect(activityPlace(7, { campaignId: 'x' }, null)).toEqual({ organizationId: 7, campaignId: null });
  });
});
