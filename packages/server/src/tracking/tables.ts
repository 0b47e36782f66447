/** Tables of the tracking area (migration 0033), merged into Database. */
export interface TrackingTables {
  tracked_link: TrackedLinkTable;
}

/** One link of a deployment run's message, by its index in the message (tracking/add-tracking.ts). */
export interface TrackedLinkTable {
  run_id: number;
  idx: number;
  url: string;
}
