import { useMemo } from 'react';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { resourceAccess } from '../../platform/resources/resources.ts';

/** What the audience screens need of the organization: its path and whether the user may write. */
export interface AudiencesContext {
  organization: CurrentOrganization;
  base: string;
  /** Functional §6: creating, changing, generating and archiving audiences are for those who may write them. */
  canManage: boolean;
}

export function useAudiencesContext(): AudiencesContext {
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('The audience screens are organization pages');
  return useMemo(
    () => ({
      organization,
      base: `/${organization.organizationId}`,
      canManage: resourceAccess('audience', organization.access).canWrite,
    }),
    [organization],
  );
}
