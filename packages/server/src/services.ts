import type { FastifyBaseLogger } from 'fastify';
import { AuditLog } from './audit/audit-log.ts';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './database/connect.ts';
import type { Database } from './database/schema.ts';
import { AccessEvents } from './live/access-events.ts';
import { MAIL_RETRY_JOB } from './mail/mail-retries.ts';
import { Mailer } from './mail/mailer.ts';
import { OrganizationConnections } from './live/organization-connections.ts';
import { RecordChanges } from './live/record-changes.ts';
import { OrganizationService } from './organizations/organization-service.ts';
import { OrganizationTokens } from './organizations/organization-token.ts';
import type { Secrets } from './secrets.ts';
import { SessionService } from './sessions/session-service.ts';
import { SignInThrottle } from './sessions/sign-in-throttle.ts';
import { SsoService } from './sso/sso-service.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { fileStoreOf, type FileStore } from './uploads/file-store.ts';
import type { Composition } from './composition.ts';
import { CommandGate } from './channels/command-gate.ts';
import type { ResourceRegistry } from './query/resources.ts';
import { TrackingTokens } from './tracking/tracking-token.ts';
import { ListRecounts } from './lists/list-recounts.ts';
import { refreshListStats } from './lists/list-stats.ts';
import { readListRecords } from './lists/list-record.ts';

/** What command handlers work with; built once per server process. */
export interface Services {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
  sessions: SessionService;
  /** Growing delays after failed sign-ins, per account and per address, shared by every process. */
  signInThrottle: SignInThrottle;
  organizations: OrganizationService;
  organizationTokens: OrganizationTokens;
  audit: AuditLog;
  /** Open organization-channel sockets of this process. */
  organizationConnections: OrganizationConnections;
  /** Announces and applies access changes across every server process. */
  accessEvents: AccessEvents;
  /** Announces changed records to subscribed connections across every server process. */
  recordChanges: RecordChanges;
  /** Sends mail through SMTP when configured; every message also lands in the outbox table. */
  mailer: Mailer;
  /** Single sign-on: the issuers' discovered configurations and the clock sign-on keys expire by. */
  sso: SsoService;
  /** The database handle itself, for bulk work (COPY) that Kysely cannot do. */
  database: DatabaseHandle;
  /** Runs imports, exports and other long work (jobs/job-runner.ts). */
  jobs: JobRunner;
  /** Where uploads and extracts are kept on disk. */
  files: FileStore;
  /** How many commands a socket and a user may have running (channels/command-gate.ts). */
  commandGate: CommandGate;
  /** The query types the areas implement (query/resources.ts). */
  resources: ResourceRegistry;
  /** Signs and reads the tokens of tracking links (tracking/tracking-token.ts). */
  trackingTokens: TrackingTokens;
  /** Recounts lists after bounces, complaints and unsubscribes, at most once per few seconds each. */
  listRecounts: ListRecounts;
}

export function createServices(
  database: DatabaseHandle,
  config: Config,
  secrets: Secrets,
  log: FastifyBaseLogger,
  composition: Composition,
): Services {
  const db = database.db;
  const sessions = new SessionService(db);
  const organizations = new OrganizationService(db);
  const organizationConnections = new OrganizationConnections();
  const accessEvents = new AccessEvents(database, organizationConnections, sessions, organizations, log);
  sessions.onSessionsEnded = (userId) => accessEvents.publish({ userId });
  const recordChanges = new RecordChanges(database, organizationConnections, log);
  const files = fileStoreOf(config.dataDir);
  const mailer = new Mailer(db, config, log);
  const jobs = new JobRunner(database, recordChanges, log, files, composition.jobHandlers);
  jobs.handleSystemJob(MAIL_RETRY_JOB, (job) => mailer.retry(Number(job.params.outboxId)));
  const trackingTokens = new TrackingTokens(secrets.jwtSecret);
  jobs.useServices({ config, trackingTokens });
  const listRecounts = new ListRecounts(async (organizationId, listId) => {
    await db.transaction().execute((trx) => refreshListStats(trx, organizationId, listId));
    const records = await readListRecords(db, organizationId, [listId]);
    await recordChanges.announce({ organizationId, type: 'list', records });
  }, log);
  return {
    db,
    config,
    log,
    sessions,
    signInThrottle: new SignInThrottle(db),
    organizations,
    organizationTokens: new OrganizationTokens(secrets.jwtSecret),
    audit: new AuditLog(db),
    organizationConnections,
    accessEvents,
    recordChanges,
    mailer,
    sso: new SsoService(),
    database,
    jobs,
    files,
    resources: composition.resources,
    commandGate: new CommandGate(),
    trackingTokens,
    listRecounts,
  };
}
