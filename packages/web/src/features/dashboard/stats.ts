/**
 * Counts by status in a fixed order (the contract's order of states), every known status present so a card
 * always lists the same rows, unknown ones after them.
 */
export function statusRows(
  byStatus: Record<string, number>,
  order: readonly string[],
): Array<{ status: string; count: number }> {
  const known = order.map((status) => ({ status, count: byStatus[status] ?? 0 }));
  const other = Object.entries(byStatus)
    .filter(([status]) => !order.includes(status))
    .map(([status, count]) => ({ status, count }));
  return [...known, ...other];
}

/**
 * The campaign states (the contract's campaignStateOf) the dashboard lists, archived last: the All tab of
 * Campaigns leaves those out, so the card says which it counts.
 */
export const CAMPAIGN_ROWS: readonly string[] = ['active', 'upcoming', 'completed', 'archived'];

/** Import job statuses (the contract's job statuses) as the dashboard lists them. */
export const IMPORT_ROWS: readonly string[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
