import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../database/connect.ts';
import type { OrganizationService } from '../organizations/organization-service.ts';
import type { SessionService } from '../sessions/session-service.ts';
import type { OrganizationConnections } from './organization-connections.ts';

const CHANNEL = 'herald_access';

/** Something about a user's right to be in an organization changed: a session ended, roles or access changed. */
export interface AccessChange {
  userId: number;
  /** Only this organization; absent for all of the user's organizations (a session ended). */
  organizationId?: number;
}

/**
 * Carries access changes to every server process through PostgreSQL NOTIFY (PGlite has it too), where each
 * re-checks its open organization connections of that user against the database: a connection whose session
 * ended or whose access was revoked is de-authenticated and told so; one whose roles changed gets the new
 * roles and capabilities. This is what makes a revoke take effect on open connections within a second.
 */
export class AccessEvents {
  readonly #database: DatabaseHandle;
  readonly #connections: OrganizationConnections;
  readonly #sessions: SessionService;
  readonly #organizations: OrganizationService;
  readonly #log: FastifyBaseLogger;
  #stop: (() => Promise<void>) | undefined;

  constructor(
    database: DatabaseHandle,
    connections: OrganizationConnections,
    sessions: SessionService,
    organizations: OrganizationService,
    log: FastifyBaseLogger,
  ) {
    this.#database = database;
    this.#connections = connections;
    this.#sessions = sessions;
    this.#organizations = organizations;
    this.#log = log;
  }

  async start(): Promise<void> {
    this.#stop = await this.#database.listen(CHANNEL, (payload) => {
      void this.#apply(JSON.parse(payload) as AccessChange).catch((error: unknown) =>
        this.#log.error({ err: error }, 'applying an access change failed'),
      );
    });
  }

  async stop(): Promise<void> {
    await this.#stop?.();
  }

  /** Announces a change to every process, this one included. Call it after the change is committed. */
  async publish(change: AccessChange): Promise<void> {
    await this.#database.notify(CHANNEL, JSON.stringify(change));
  }

  async #apply(change: AccessChange): Promise<void> {
    for (const open of this.#connections.ofUser(change.userId, change.organizationId)) {
      const organization = open.connection.organization;
      if (!organization) continue;
      const [sessionLive, access] = await Promise.all([
        this.#sessions.isLive(organization.sessionIdHash),
        this.#organizations.accessOf(organization.userId, organization.organizationId),
      ]);
      if (!sessionLive || !access) {
        open.connection.organization = undefined;
        open.push({
          event: 'authenticationRevoked',
          organizationId: organization.organizationId,
          data: { reason: sessionLive ? 'accessRevoked' : 'sessionEnded' },
        });
        continue;
      }
      open.connection.organization = { ...organization, ...access };
      open.push({
        event: 'accessChanged',
        organizationId: organization.organizationId,
        data: { roles: access.roles, capabilities: access.capabilities, partitionsets: access.partitionsets },
      });
    }
  }
}
