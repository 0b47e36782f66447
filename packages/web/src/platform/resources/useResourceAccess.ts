import { useMemo } from 'react';
import { useCurrentOrganization } from '../organization/organizationContext.ts';
import { resourceAccess } from './resources.ts';
import type { ResourceAccess, ResourceType } from './resources.ts';

/** Whether the user may read and write records of `type` in the current organization (none outside one). */
export function useResourceAccess(type: ResourceType): ResourceAccess {
  const organization = useCurrentOrganization();
  const access = organization?.access;
  return useMemo(
    () => (access ? resourceAccess(type, access) : { canRead: false, canWrite: false }),
    [access, type],
  );
}
