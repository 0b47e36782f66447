import type { AccessContext } from '@herald/protocol';
import { createContext, useContext } from 'react';
import type { OrganizationChannelClient } from '../channel/organizationChannel.ts';
import type { OrganizationToken } from '../session/storedSession.ts';

/** The organization being worked in: its token facts, the user's access there, and its channel. */
export interface CurrentOrganization {
  organizationId: number;
  organization: OrganizationToken;
  access: AccessContext;
  channel: OrganizationChannelClient;
}

export const OrganizationContext = createContext<CurrentOrganization | null>(null);

/** The current organization, or null outside organization routes. */
export function useCurrentOrganization(): CurrentOrganization | null {
  return useContext(OrganizationContext);
}
