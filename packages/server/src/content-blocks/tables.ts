import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type IntegerArray = ColumnType<number[], number[] | undefined, number[]>;

/** Content blocks and activities' partition content (migration 0023), merged into Database. */
export interface ContentBlocksTables {
  content_block: ContentBlockTable;
  activity_partition_content: ActivityPartitionContentTable;
}

export interface ContentBlockTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  /** CONTENT_BLOCK_FORMATS. */
  format: Generated<string>;
  content: Generated<string>;
  tags: TextArray;
  is_published: Generated<boolean>;
  /** A target expression's canonical text. */
  target: string | null;
  partition_ids: IntegerArray;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ActivityPartitionContentTable {
  organization_id: number;
  activity_id: number;
  partition_id: number;
  asset_optins: IntegerArray;
  /** [{contentId}] */
  lsm: ColumnType<Array<{ contentId: number }>, string | undefined, string>;
  updated_at: Timestamp;
}
