import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Reports that came back about deliveries (docs/architecture.md § Bounces and complaints): a DSN or complaint
 * report by its Message-ID, a provider's receipt by its message id and status. The unique key makes each count
 * once, so a resent DSN or a webhook the provider retries does not bounce a subscriber twice toward the
 * soft-bounce limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE delivery_report (
      id bigserial PRIMARY KEY,
      organization_id integer NOT NULL,
      report_key text NOT NULL,
      delivery_id bigint NOT NULL,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, report_key)
    );
    CREATE INDEX delivery_report_delivery ON delivery_report (delivery_id);
    `,
  );
}
