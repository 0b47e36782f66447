import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The actions the audit log records; the UI translates them by name. */
export const AUDIT_ACTIONS = [
  'signIn.succeeded',
  'signIn.failed',
  'session.ended',
  'password.changed',
  'password.reset',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.recoveryCodeUsed',
  'access.granted',
  'access.updated',
  'access.revoked',
  'sessions.endedByAdmin',
  'issuer.added',
  'issuer.disabled',
  'organization.renamed',
  'organization.themeUpdated',
  'organization.settingsUpdated',
  'security.updated',
  'domain.added',
  'domain.removed',
  'domain.keyRotated',
  'domain.keyRetired',
  'credential.created',
  'credential.updated',
  'credential.deleted',
  'credential.tested',
  'credential.channelsUpdated',
  'webChannel.secretRegenerated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  organizationId?: number | null;
  actorUserId?: number | null;
  subjectUserId?: number | null;
  details?: Record<string, unknown>;
  remoteAddress?: string | null;
}

/** Appends to the audit log. Never pass secrets in details: the log is read by administrators. */
export class AuditLog {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async record(entry: AuditEntry, db: Kysely<Database> = this.#db): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        organization_id: entry.organizationId ?? null,
        actor_user_id: entry.actorUserId ?? null,
        subject_user_id: entry.subjectUserId ?? null,
        action: entry.action,
        details: JSON.stringify(entry.details ?? {}),
        remote_address: entry.remoteAddress ?? null,
      })
      .execute();
  }
}
