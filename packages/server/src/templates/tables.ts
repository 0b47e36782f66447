import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of templates, themes and activity themes (migration 0022), merged into Database. */
export interface TemplatesTables {
  template: TemplateTable;
  starter_template: StarterTemplateTable;
  theme: ThemeTable;
  activity_theme: ActivityThemeTable;
}

export interface TemplateTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  url: string;
  version: string;
  hash: string;
  description: Generated<string>;
  /** TEMPLATE_CODE_TYPES. */
  code_type: string;
  production_code: string;
  sample: Json<unknown>;
  profiles: Json<unknown>;
  data_description: Generated<string>;
  is_starter: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
}

/** Herald's starter templates, copied into each new organization by a trigger; not a tenant table. */
export interface StarterTemplateTable {
  url: string;
  name: string;
  version: string;
  hash: string;
  description: string;
  production_code: string;
  sample: Json<unknown>;
  profiles: Json<unknown>;
  data_description: string;
}

export interface ThemeTable {
  id: Generated<number>;
  organization_id: number;
  theme_name: string;
  /** ThemeSettings, whole. */
  settings: Json<Record<string, unknown>>;
  is_locked: Generated<boolean>;
  is_deleted: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ActivityThemeTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  description: Generated<string>;
  content: string;
  is_deleted: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
