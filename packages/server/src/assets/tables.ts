import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type IntegerArray = ColumnType<number[], number[] | undefined, number[]>;

/** The asset table (migration 0023), merged into Database. */
export interface AssetsTables {
  asset: AssetTable;
}

export interface AssetTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  /** ASSET_KINDS. */
  kind: string;
  /** StoredAssetFileType. */
  file_type: string;
  file_name: string;
  size: number;
  sha256: string;
  /** The file itself; read only by the serving route. */
  content: Buffer;
  /** Random; `?preview=` with it serves the asset unpublished (getAssetPreviewUrl). */
  preview_key: string;
  alt_text: Generated<string>;
  description: Generated<string>;
  tags: TextArray;
  /** ASSET_DEVICE_TYPES. */
  device_type: Generated<string>;
  is_published: Generated<boolean>;
  is_archived: Generated<boolean>;
  partition_ids: IntegerArray;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}
