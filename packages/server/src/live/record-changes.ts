/** One change of records of a type in an organization, as `records` pushes announce it. */
export interface RecordChange {
  organizationId: number;
  type: string;
  records: Array<Record<string, unknown>>;
}

/**
 * Announces changed records to every subscribed connection of the organization, in every server process.
 * Write paths call `announce` after their transaction commits.
 */
export class RecordChanges {
  async announce(_change: RecordChange): Promise<void> {}
}
