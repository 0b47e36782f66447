import { useMemo } from 'react';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { resourceAccess } from '../../platform/resources/resources.ts';

/** What the tag screens need of the organization: its address and whether the user may change tags. */
export interface TagsAccess {
  organization: CurrentOrganization;
  base: string;
  /** Functional §6: creating, renaming and archiving tags, and tagging subscribers, are for those who may write tags. */
  canManage: boolean;
}

export function useTagsAccess(): TagsAccess {
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('The tag screens are organization pages');
  return useMemo(
    () => ({
      organization,
      base: `/${organization.organizationId}`,
      canManage: resourceAccess('tag', organization.access).canWrite,
    }),
    [organization],
  );
}
