import type { PushFrame } from '@herald/protocol';
import type { ConnectionState } from '../channels/connection-state.ts';

export interface OpenConnection {
  connection: ConnectionState;
  push(frame: PushFrame): void;
}

/** The organization-channel sockets open in this process, so changes of access can reach them at once. */
export class OrganizationConnections {
  readonly #open = new Set<OpenConnection>();

  add(entry: OpenConnection): () => void {
    this.#open.add(entry);
    return () => this.#open.delete(entry);
  }

  /** Authenticated connections of one user, in one organization or in all. */
  ofUser(userId: number, organizationId?: number): OpenConnection[] {
    return [...this.#open].filter(({ connection }) => {
      const organization = connection.organization;
      return (
        organization?.userId === userId &&
        (organizationId === undefined || organization.organizationId === organizationId)
      );
    });
  }

  get size(): number {
    return this.#open.size;
  }
}
