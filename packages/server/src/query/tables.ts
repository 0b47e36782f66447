import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A campaign (functional §2): dates are PostgreSQL `date`s, read back as 'YYYY-MM-DD' text. */
export interface CampaignTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  details: Generated<string>;
  notes: Generated<string>;
  partition_ids: ColumnType<number[], number[] | undefined, number[]>;
  is_archived: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface QueryTables {
  campaign: CampaignTable;
}
