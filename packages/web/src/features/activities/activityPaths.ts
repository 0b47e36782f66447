import type { Channel } from '@herald/protocol';

/** What a route's `{id}` says about the activity it names. */
export type ActivityIdReading = { kind: 'valid'; id: number } | { kind: 'invalid' };

/** The largest id the server takes (a PostgreSQL integer), as the contract's activityIdOf reads ids. */
const MAX_ACTIVITY_ID = 2_147_483_647;

/**
 * A route's `{id}` read as the server reads an activity id (the contract's activityIdOf, restated here because
 * its module carries the command schemas, which the campaign page need not load): a positive whole number, or
 * "Activity ID is not valid" (functional §8). A missing id is not valid either.
 */
export function readActivityId(text: string | undefined): ActivityIdReading {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return { kind: 'invalid' };
  const id = Number(text);
  return id > 0 && id <= MAX_ACTIVITY_ID ? { kind: 'valid', id } : { kind: 'invalid' };
}

/** The pages of one activity (platform §2), each at `activity/{page}/{id}` or `campaign/{campaignId}/{page}/{id}`. */
export type ActivityPage = 'view' | 'edit' | 'editor' | 'partition' | 'viewerror' | `${Channel}report`;

/**
 * Where an activity's pages are: under the campaign when the screen came through the campaign alias (so the
 * campaign stays in the address and the page title), else under `activity/`.
 */
export interface ActivityPlace {
  organizationId: number;
  /** The campaign whose alias is used, or null for the `activity/…` paths. */
  campaignId: number | null;
}

export function activityPagePath(place: ActivityPlace, page: ActivityPage, activityId: number): string {
  return place.campaignId !== null
    ? `/${place.organizationId}/campaign/${place.campaignId}/${page}/${activityId}`
    : `/${place.organizationId}/activity/${page}/${activityId}`;
}

/**
 * The place of an activity's pages from the route's params: the campaign alias is kept when the route has a
 * `campaignId` that is a number (the activity's own campaign is used then, so a link never names another).
 */
export function activityPlace(
  organizationId: number,
  params: { campaignId?: string | undefined },
  activity: { campaignId: number } | null,
): ActivityPlace {
  const viaCampaign = params.campaignId !== undefined && /^\d+$/.test(params.campaignId);
  if (!viaCampaign) return { organizationId, campaignId: null };
  return { organizationId, campaignId: activity?.campaignId ?? Number(params.campaignId) };
}

/** The campaign page, where an activity's pages lead back to. */
export function campaignPagePath(organizationId: number, campaignId: number): string {
  return `/${organizationId}/campaign/${campaignId}`;
}
