import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** WhatsApp templates (migration 0024), merged into Database. */
export interface WhatsAppTemplatesTables {
  whatsapp_template: WhatsAppTemplateTable;
}

export interface WhatsAppTemplateTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  language: string;
  /** WHATSAPP_TEMPLATE_CATEGORIES. */
  category: Generated<string>;
  header: Generated<string>;
  body: string;
  footer: Generated<string>;
  buttons: ColumnType<unknown, string | undefined, string>;
  /** WHATSAPP_TEMPLATE_STATUSES. */
  status: Generated<string>;
  status_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}
