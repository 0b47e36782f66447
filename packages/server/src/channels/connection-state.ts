/** What the server knows about one open socket. */
export interface ConnectionState {
  readonly channel: 'session' | 'organization';
  /** SHA-256 of the `herald_client` cookie the handshake carried, if any. */
  readonly clientHash: string | null;
  readonly remoteAddress: string;
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
