import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of this area (migration 0035), merged into Database. */
export interface BouncesTables {
  delivery_report: DeliveryReportTable;
}

/** One report about a delivery, counted once by its key (bounces/delivery-outcome.ts). */
export interface DeliveryReportTable {
  id: Generated<number>;
  organization_id: number;
  /** `dsn:{Message-ID}`, or `{provider}:{message id}:{status}` for a webhook's receipt. */
  report_key: string;
  delivery_id: number;
  /** delivered, hard, soft, complaint. */
  outcome: string;
  received_at: Timestamp;
}
