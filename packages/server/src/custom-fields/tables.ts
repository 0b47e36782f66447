import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface CustomFieldsTables {
  custom_field: CustomFieldTable;
}

/** Functional §3 Custom field; unique per organization by type and lower(field) among those not deleted. */
export interface CustomFieldTable {
  id: Generated<number>;
  organization_id: number;
  type: string;
  field: string;
  group_name: Generated<string>;
  description: Generated<string>;
  schema: Json<Record<string, unknown>>;
  validation_regex: string | null;
  calculation: Json<Record<string, unknown>>;
  stats: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  is_archived: Generated<boolean>;
  is_deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}
