import { ACTIVITY_FILTERS } from '@herald/protocol';

/**
 * The views of a campaign's activities: `all` (every one not archived, the default, since a campaign's page
 * should show all it holds) and the contract's views (functional §2: recent, deployed, modified, archived).
 */
export const ACTIVITY_VIEWS = ['all', ...ACTIVITY_FILTERS] as const;
export type ActivityView = (typeof ACTIVITY_VIEWS)[number];

/** The query-string name of the chosen view on the campaign page. */
export const ACTIVITY_VIEW_PARAM = 'activities';

/** The view a query string names; `all` when it names none or something unknown. */
export function readActivityView(value: string | null): ActivityView {
  return (ACTIVITY_VIEWS as readonly string[]).includes(value ?? '') ? (value as ActivityView) : 'all';
}

/** The `query` filter of a view, within a campaign or a partition (or both). */
export function activityViewFilter(
  view: ActivityView,
  scope: { campaignId?: number; partitionId?: number },
): Record<string, unknown> {
  return {
    ...(scope.campaignId !== undefined ? { campaignId: scope.campaignId } : {}),
    ...(scope.partitionId !== undefined ? { partitionIds: { overlaps: [scope.partitionId] } } : {}),
    ...(view === 'all' ? { isArchived: false } : { view }),
  };
}
