import { checkAccess } from '@herald/protocol';
import { useMemo } from 'react';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../../platform/organization/organizationContext.ts';

/** What the tag screens need of the organization: its address and whether the user may change tags. */
export interface TagsAccess {
  organization: CurrentOrganization;
  base: string;
  /** Functional §6: creating, renaming and archiving tags, and tagging subscribers, need database-manage. */
  canManage: boolean;
}

export function useTagsAccess(): TagsAccess {
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('The tag screens are organization pages');
  return useMemo(
    () => ({
      organization,
      base: `/${organization.organizationId}`,
      canManage: checkAccess({ capabilities: ['database-manage'] }, organization.access),
    }),
    [organization],
  );
}
