import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { readStartMarkers, writeStartMarker, type StartMarkers } from './herald-state.ts';
import { migrationsDigest } from './migrations-digest.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as audit from './migrations/0002-audit.ts';
import * as twoFactor from './migrations/0003-two-factor.ts';
import * as accounts from './migrations/0004-accounts.ts';
import * as sso from './migrations/0005-sso.ts';
import * as organizationAccess from './migrations/0006-organization-access.ts';
import * as campaigns from './migrations/0007-campaigns.ts';
import * as notifications from './migrations/0008-notifications.ts';
import * as partitionIds from './migrations/0009-partition-ids.ts';
import * as searchIndexes from './migrations/0010-search-indexes.ts';
import * as subscribers from './migrations/0011-subscribers.ts';
import * as subscriberCountryLastname from './migrations/0012-subscriber-country-lastname.ts';
import * as targets from './migrations/0013-targets.ts';
import * as outboxRetries from './migrations/0014-outbox-retries.ts';
import * as requestQuotas from './migrations/0015-request-quotas.ts';
import * as schedulerApprovals from './migrations/0016-scheduler-approvals.ts';
import * as trustedBrowsers from './migrations/0017-trusted-browsers.ts';
import * as importRejectionDetails from './migrations/0018-import-rejection-details.ts';
import * as subscriberSearch from './migrations/0019-subscriber-search.ts';
import * as subscriberSearchStatistics from './migrations/0020-subscriber-search-statistics.ts';
import * as activities from './migrations/0021-activities.ts';
import * as templatesThemes from './migrations/0022-templates-themes.ts';
import * as assetsContentBlocks from './migrations/0023-assets-content-blocks.ts';
import * as whatsappTemplates from './migrations/0024-whatsapp-templates.ts';
import * as eventTallies from './migrations/0025-event-tallies.ts';
import * as workflow from './migrations/0026-workflow.ts';
import * as outboxHtml from './migrations/0027-outbox-html.ts';
import * as triggeredSends from './migrations/0028-triggered-sends.ts';
import * as domains from './migrations/0029-domains.ts';
import * as credentials from './migrations/0030-credentials.ts';
import * as checkRuns from './migrations/0031-check-runs.ts';
import * as deliveries from './migrations/0032-deliveries.ts';
import * as trackedLinks from './migrations/0033-tracked-links.ts';
import * as deliveryReports from './migrations/0035-delivery-reports.ts';
import * as deliveryRuns from './migrations/0036-delivery-runs.ts';
import * as webMessages from './migrations/0037-web-messages.ts';
import * as reportEventIndex from './migrations/0038-report-event-index.ts';
import * as subscriberIndexReview from './migrations/0039-subscriber-index-review.ts';
import * as heraldState from './migrations/0040-herald-state.ts';

/**
 * Migrations are listed here rather than read from a folder, so they are bundled with the code and run in
 * one known order on PGlite and PostgreSQL alike. Append; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-audit': audit,
  '0003-two-factor': twoFactor,
  '0004-accounts': accounts,
  '0005-sso': sso,
  '0006-organization-access': organizationAccess,
  '0007-campaigns': campaigns,
  '0008-notifications': notifications,
  '0009-partition-ids': partitionIds,
  '0010-search-indexes': searchIndexes,
  '0011-subscribers': subscribers,
  '0012-subscriber-country-lastname': subscriberCountryLastname,
  '0013-targets': targets,
  '0014-outbox-retries': outboxRetries,
  '0015-request-quotas': requestQuotas,
  '0016-scheduler-approvals': schedulerApprovals,
  '0017-trusted-browsers': trustedBrowsers,
  '0018-import-rejection-details': importRejectionDetails,
  '0019-subscriber-search': subscriberSearch,
  '0020-subscriber-search-statistics': subscriberSearchStatistics,
  '0021-activities': activities,
  '0022-templates-themes': templatesThemes,
  '0023-assets-content-blocks': assetsContentBlocks,
  '0024-whatsapp-templates': whatsappTemplates,
  '0025-event-tallies': eventTallies,
  '0026-workflow': workflow,
  '0027-outbox-html': outboxHtml,
  '0028-triggered-sends': triggeredSends,
  '0029-domains': domains,
  '0030-credentials': credentials,
  '0031-check-runs': checkRuns,
  '0032-deliveries': deliveries,
  '0033-tracked-links': trackedLinks,
  '0035-delivery-reports': deliveryReports,
  '0036-delivery-runs': deliveryRuns,
  '0037-web-messages': webMessages,
  '0038-report-event-index': reportEventIndex,
  '0039-subscriber-index-review': subscriberIndexReview,
  '0040-herald-state': heraldState,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Runs every migration not run yet (Kysely's migrator, which takes its own lock, so processes starting together
 * on one PostgreSQL migrate once), then records the migrations' digest (the `migrations` start marker). Answers
 * the migrations it ran.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'herald_migration',
    migrationLockTableName: 'herald_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await writeStartMarker(db, 'migrations', migrationsDigest());
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * Brings the schema up to date at start, skipping Kysely's migrator when the database records the current
 * migrations' digest: a pass with nothing to run still read every table's columns to find its own two tables
 * and took its lock, 0.3–1.5 s of a restart on the embedded database. Answers the migrations it ran (none when
 * skipped). A database recording another digest (new migrations, or none recorded yet) takes the migrator's path.
 */
export async function migrateIfChanged(
  db: Kysely<unknown>,
  markers?: StartMarkers,
): Promise<{ skipped: boolean; ran: string[] }> {
  const recorded = (markers ?? (await readStartMarkers(db))).get('migrations');
  if (recorded === migrationsDigest()) return { skipped: true, ran: [] };
  return { skipped: false, ran: await migrateToLatest(db) };
}
