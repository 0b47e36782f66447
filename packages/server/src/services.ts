import type { FastifyBaseLogger } from 'fastify';
import { AuditLog } from './audit/audit-log.ts';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './database/schema.ts';
import { OrganizationService } from './organizations/organization-service.ts';
import { OrganizationTokens } from './organizations/organization-token.ts';
import type { Secrets } from './secrets.ts';
import { SessionService } from './sessions/session-service.ts';

/** What command handlers work with; built once per server process. */
export interface Services {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
  sessions: SessionService;
  organizations: OrganizationService;
  organizationTokens: OrganizationTokens;
  audit: AuditLog;
}

export function createServices(
  db: Kysely<Database>,
  config: Config,
  secrets: Secrets,
  log: FastifyBaseLogger,
): Services {
  return {
    db,
    config,
    log,
    sessions: new SessionService(db),
    organizations: new OrganizationService(db),
    organizationTokens: new OrganizationTokens(secrets.jwtSecret),
    audit: new AuditLog(db),
  };
}
