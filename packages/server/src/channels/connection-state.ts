import type { GatedSocket } from './command-gate.ts';

/** What the server knows about one open socket. */
export interface ConnectionState {
  readonly channel: 'session' | 'organization';
  /** SHA-256 of the `herald_client` cookie the handshake carried, if any. */
  readonly clientHash: string | null;
  readonly remoteAddress: string;
  /** What the command gate counts of this socket (channels/command-gate.ts). */
  readonly gate: GatedSocket;
  /** Set by authenticateConnection on the organization channel. */
  organization?: AuthenticatedOrganization | undefined;
}

export interface AuthenticatedOrganization {
  organizationId: number;
  userId: number;
  sessionIdHash: string;
  roles: string[];
  capabilities: string[];
  partitionsets: number[];
  expiresAt: Date;
}
